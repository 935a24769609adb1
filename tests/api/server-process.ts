// A real API server process for tests of several machines serving one product: started with
// `tsx server/main.ts` on a free port, stopped with the test file.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const children: ChildProcess[] = [];

/** A port nobody listens on now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** A server process with these settings; resolves with its base URL once /api/ready answers 200. */
export async function startServer(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SERVE_WEB_APP: "false", JOBS_INTERVAL_SECONDS: "0", LOG_LEVEL: "warn", SEARCH_CACHE: "always", ...env },
    stdio: "ignore",
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 60_000; waited += 200) {
    const ok = await fetch(`${base}/api/ready`).then((r) => r.ok, () => false);
    if (ok) return base;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server on ${port} did not become ready`);
}

export function stopServers() {
  for (const c of children.splice(0)) c.kill("SIGKILL");
}

export async function signIn(base: string, email: string, password: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/login/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: email, password }) });
  return { authorization: `Token ${(await res.json()).token}` };
}
