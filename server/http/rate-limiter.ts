// Fixed-window counters kept in PostgreSQL, so every API process behind a load balancer shares
// them. One atomic upsert per hit: no read-then-write race between processes.
import type { Db } from "../db/client.js";

export interface RateLimiter {
  /** Counts one hit on key; answers whether it is allowed and when the window resets. */
  hit(key: string, max: number, windowSeconds: number): Promise<{ allowed: boolean; hits: number; retryAfterSeconds: number }>;
  /** Takes back one hit (an attempt that turned out well must not count against anyone). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, max, windowSeconds) {
      const { rows } = await db.query<{ hits: number; retry: number }>(
        `INSERT INTO rate_limits AS r (key, hits, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET
           hits     = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
           reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
         RETURNING hits, extract(epoch FROM reset_at - now())::float8 AS retry`,
        [key, windowSeconds],
      );
      const { hits, retry } = rows[0];
      return { allowed: hits <= max, hits, retryAfterSeconds: Math.max(0, retry) };
    },
    async undo(key) {
      await db.query(`UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = $1`, [key]);
    },
    async reset(key) {
      await db.query(`DELETE FROM rate_limits WHERE key = $1`, [key]);
    },
  };
}
