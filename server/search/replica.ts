// Where a search copy reads from. With a hot standby (DATABASE_REPLICA_URL), the heavy reads —
// a whole load of every row, the rows a catch-up re-reads — go to the standby, and the primary
// answers one tiny question per search: how far its write-ahead log has got. A catch-up first
// waits (briefly) for the standby to have replayed that far, so a search still holds every write
// committed before it was asked, on any machine, as it does on the primary alone. A standby that
// lags past the wait, or cannot be reached, is left alone for a while and the primary answers.
import type { Db, Queryable } from "../db/client.js";

/** How long a catch-up waits for the standby to replay the primary's latest writes. */
export const REPLICA_WAIT_MS = 250;
/** How long a standby found lagging or unreachable is left alone. */
export const REPLICA_REST_MS = 10_000;
const POLL_MS = 3;

export class CopyReads {
  /** Where the last catch-up read (tests). */
  lastFrom: "primary" | "replica" = "primary";
  /** How long a catch-up waits for the standby, and how long a lagging one is left alone (tests shorten them). */
  waitMs = REPLICA_WAIT_MS;
  restMs = REPLICA_REST_MS;
  private restUntil = 0;

  constructor(
    readonly primary: Db,
    readonly replica: Db | null,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {}

  /** Where a load reads every row: the standby when there is one that is not resting. */
  get bulk(): Queryable {
    return this.replica && Date.now() >= this.restUntil ? this.replica : this.primary;
  }

  /** A database that holds every write the primary had committed when this was called. */
  async fresh(): Promise<Queryable> {
    const replica = this.replica;
    if (!replica || Date.now() < this.restUntil) return this.use("primary");
    try {
      const { lsn } = (await this.primary.query<{ lsn: string }>(`SELECT pg_current_wal_insert_lsn()::text AS lsn`)).rows[0];
      for (const started = Date.now(); ; ) {
        // A server not in recovery (a replica URL naming the primary itself) is as fresh as it gets.
        const r = await replica.query<{ fresh: boolean }>(`SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, NOT pg_is_in_recovery()) AS fresh`, [lsn]);
        if (r.rows[0].fresh) return this.use("replica");
        if (Date.now() - started >= this.waitMs) break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      this.rest(`the search copies' standby is more than ${this.waitMs} ms behind the primary`);
    } catch (err) {
      this.rest("the search copies' standby could not be read", err);
    }
    return this.use("primary");
  }

  private use(from: "primary" | "replica"): Db {
    this.lastFrom = from;
    return from === "replica" ? this.replica! : this.primary;
  }

  private rest(why: string, err?: unknown) {
    this.restUntil = Date.now() + this.restMs;
    this.log(`${why}; the primary answers for ${this.restMs / 1000} s`, err);
  }
}
