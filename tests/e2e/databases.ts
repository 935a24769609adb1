// One database per worker for the end-to-end run, seeded once and copied (seeding is the slow
// part; a copy is a file copy):
//   PGlite: worker 0's data folder is seeded, then copied folder by folder to the others.
//   PostgreSQL (DATABASE_URL): a database e2e_<run>_0 on that server is seeded, then the others
//   are made with CREATE DATABASE … TEMPLATE, which copies its files without replaying anything.
// Every worker's data folder (the mail outbox, uploads) is its own in both modes.
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { dataDirOf } from "./workers.js";

/** What one worker's server is started with (its DATA_DIR and, on PostgreSQL, its DATABASE_URL). */
export type ServerEnv = { DATA_DIR: string; DATABASE_URL?: string };

export interface WorkerDatabases {
  /** The database global-setup seeds: worker 0's. */
  seedTarget: ServerEnv;
  /** After seeding (and closing every connection): one env per worker, copies of the seeded one. */
  copy: (workers: number) => Promise<ServerEnv[]>;
  /** Drops every database and removes every data folder, copies included. */
  cleanup: () => Promise<void>;
}

function freshFolder(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
}

function pglite(): WorkerDatabases {
  const seeded = dataDirOf(0);
  freshFolder(seeded);
  let copies = 1;
  return {
    seedTarget: { DATA_DIR: seeded },
    copy: async (workers) => {
      copies = workers;
      for (let slot = 1; slot < workers; slot++) {
        fs.rmSync(dataDirOf(slot), { recursive: true, force: true });
        fs.cpSync(seeded, dataDirOf(slot), { recursive: true });
      }
      return Array.from({ length: workers }, (_, slot) => ({ DATA_DIR: dataDirOf(slot) }));
    },
    cleanup: async () => {
      for (let slot = 0; slot < copies; slot++) fs.rmSync(dataDirOf(slot), { recursive: true, force: true });
    },
  };
}

/** `url` pointing at database `name` on the same server. */
function onDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onServer<T>(url: string, act: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await act(client);
  } finally {
    await client.end();
  }
}

async function postgres(url: string): Promise<WorkerDatabases> {
  const run = `e2e_${crypto.randomBytes(4).toString("hex")}`;
  const names: string[] = [`${run}_0`];
  await onServer(url, (c) => c.query(`CREATE DATABASE ${names[0]}`));
  freshFolder(dataDirOf(0));
  return {
    seedTarget: { DATABASE_URL: onDatabase(url, names[0]), DATA_DIR: dataDirOf(0) },
    copy: async (workers) => {
      await onServer(url, async (c) => {
        // One at a time: a template may not be copied twice at once.
        for (let slot = 1; slot < workers; slot++) {
          names.push(`${run}_${slot}`);
          await c.query(`CREATE DATABASE ${names[slot]} TEMPLATE ${names[0]}`);
        }
      });
      for (let slot = 1; slot < workers; slot++) freshFolder(dataDirOf(slot));
      return names.map((name, slot) => ({ DATABASE_URL: onDatabase(url, name), DATA_DIR: dataDirOf(slot) }));
    },
    cleanup: async () => {
      // FORCE: a server that did not stop in time must not keep its database alive.
      await onServer(url, async (c) => {
        for (const name of names) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
      for (let slot = 0; slot < names.length; slot++) fs.rmSync(dataDirOf(slot), { recursive: true, force: true });
    },
  };
}

/** The run's databases: PostgreSQL when DATABASE_URL is set, PGlite folders otherwise. */
export const workerDatabases = (url = process.env.DATABASE_URL): Promise<WorkerDatabases> => (url ? postgres(url) : Promise.resolve(pglite()));
