// A real HTTP endpoint on 127.0.0.1 for webhook tests: it records every request (headers and the
// raw body) and answers what the test sets for its path (default 200 "ok"); "hang" never answers.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface PeerRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface PeerAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface WebhookPeer {
  url: (path: string) => string;
  received: PeerRequest[];
  /** What a path answers from now on ("hang": never). */
  answer(path: string, a: PeerAnswer | "hang"): void;
  receivedAt(path: string): PeerRequest[];
  close(): Promise<void>;
}

export async function startWebhookPeer(): Promise<WebhookPeer> {
  const received: PeerRequest[] = [];
  const answers = new Map<string, PeerAnswer | "hang">();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0];
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const a = answers.get(path) ?? { status: 200, body: "ok" };
      if (a === "hang") return;
      res.writeHead(a.status, { "content-type": "text/plain", ...a.headers });
      res.end(a.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (path, a) => void answers.set(path, a),
    receivedAt: (path) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
