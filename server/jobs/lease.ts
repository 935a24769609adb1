// One process at a time runs the jobs: the holder of a lease row job_leases(name, holder,
// expires_at). Taking it is a single atomic upsert — it succeeds when the row is free, expired
// or already ours — so it needs no dedicated connection (the Db is a pool, or PGlite's single
// connection) and behaves the same on PostgreSQL and PGlite. A session-level advisory lock would
// need a connection held for the whole run, which the Db interface does not hand out and which
// a pooled PgBouncer setup would break; a lease also survives a stuck process only until it
// expires. The holder renews it as it works and deletes it when done.
import crypto from "node:crypto";
import os from "node:os";
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/client.js";

const holders = new WeakMap<FastifyInstance, string>();
/** This app instance's name on the leases it takes. */
export function holderOf(app: FastifyInstance): string {
  let h = holders.get(app);
  if (!h) holders.set(app, (h = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`));
  return h;
}

export async function acquireLease(db: Queryable, name: string, holder: string, seconds: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO job_leases AS l (name, holder, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
      WHERE l.expires_at < now() OR l.holder = excluded.holder
     RETURNING holder`,
    [name, holder, seconds],
  );
  return rows.length === 1;
}

/** Extends our lease; false when it is no longer ours (expired and taken): stop working. */
export async function renewLease(db: Queryable, name: string, holder: string, seconds: number): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE job_leases SET expires_at = now() + make_interval(secs => $3) WHERE name = $1 AND holder = $2`, [name, holder, seconds]);
  return rowCount === 1;
}

export async function releaseLease(db: Queryable, name: string, holder: string): Promise<void> {
  await db.query(`DELETE FROM job_leases WHERE name = $1 AND holder = $2`, [name, holder]);
}
