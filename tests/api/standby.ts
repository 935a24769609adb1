// A PostgreSQL primary and a hot standby following it by streaming replication, made for a test
// from this machine's PostgreSQL programs (initdb, pg_basebackup, pg_ctl) in a temporary folder,
// on free ports, as the `postgres` user when the test runs as root (the server refuses root).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./server-process.js";

export interface Standby {
  primaryUrl: string;
  standbyUrl: string;
  /** Stops the standby's replay (its data stays as it is) or lets it go on. */
  pauseReplay(paused: boolean): Promise<void>;
  stopStandby(): void;
  close(): void;
}

/** The folder of this machine's PostgreSQL programs (the newest version installed). */
function binDir(): string {
  try {
    return execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
  } catch {
    const root = "/usr/lib/postgresql";
    const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    if (!versions.length) throw new Error("no PostgreSQL programs on this machine (initdb, pg_basebackup, pg_ctl): install postgresql");
    return path.join(root, versions[0], "bin");
  }
}

export async function startStandby(database: string): Promise<Standby> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) =>
    asRoot ? execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, program), ...args], { stdio: "pipe" }) : execFileSync(path.join(bin, program), args, { stdio: "pipe" });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "standby-"));
  fs.chmodSync(root, 0o777);
  if (asRoot) execFileSync("chown", ["postgres", root]);
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primaryDir = path.join(root, "primary");
  const standbyDir = path.join(root, "standby");
  const options = (port: number) => `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  run("initdb", ["-D", primaryDir, "-U", "postgres", "-A", "trust", "--no-sync", "--no-instructions"]);
  run("pg_ctl", ["-D", primaryDir, "-o", options(primaryPort), "-l", path.join(root, "primary.log"), "-w", "start"]);
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/${database}`;
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  run("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-D", standbyDir, "-R", "-X", "stream", "--checkpoint=fast", "--no-sync"]);
  run("pg_ctl", ["-D", standbyDir, "-o", options(standbyPort), "-l", path.join(root, "standby.log"), "-w", "start"]);
  const standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/${database}`;
  let standbyRunning = true;
  const stop = (dir: string) => {
    try {
      run("pg_ctl", ["-D", dir, "-m", "immediate", "-w", "stop"]);
    } catch {
      // already stopped
    }
  };
  const stopStandby = () => {
    if (standbyRunning) stop(standbyDir);
    standbyRunning = false;
  };
  return {
    primaryUrl,
    standbyUrl,
    async pauseReplay(paused) {
      const c = new pg.Client({ connectionString: standbyUrl });
      await c.connect();
      await c.query(paused ? `SELECT pg_wal_replay_pause()` : `SELECT pg_wal_replay_resume()`);
      await c.end();
    },
    stopStandby,
    close() {
      stopStandby();
      stop(primaryDir);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
