// Fixed-window counters kept in PostgreSQL, so every API process behind a load balancer shares
// them. One atomic upsert per hit: no read-then-write race between processes.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Db } from "../db/client.js";

export interface RateLimiter {
  /** Counts one hit on key; answers whether it is allowed and when the window resets. */
  hit(key: string, max: number, windowSeconds: number): Promise<{ allowed: boolean; hits: number; retryAfterSeconds: number }>;
  /** Takes back one hit (an attempt that turned out well must not count against anyone). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Deletes counters whose window has ended (they count as new anyway), so the table stays small. */
  prune(): Promise<void>;
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
    async prune() {
      await db.query(`DELETE FROM rate_limits WHERE reset_at < now()`);
    },
  };
}

type Counter = Pick<RateLimiter, "hit" | "prune">;

/**
 * The same fixed windows in process memory. Only for the embedded database: PGlite is opened by
 * one process, so its memory is as shared as the database, and a write per request would wait
 * behind a long import transaction (PGlite is one connection) where a plain read would not.
 */
function memoryCounter(): Counter {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  return {
    async hit(key, max, windowSeconds) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) windows.set(key, (w = { hits: 0, resetAt: now + windowSeconds * 1000 }));
      w.hits += 1;
      return { allowed: w.hits <= max, hits: w.hits, retryAfterSeconds: (w.resetAt - now) / 1000 };
    },
    async prune() {
      const now = Date.now();
      for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    },
  };
}

const memoryCounters = new WeakMap<Db, Counter>();
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * A @fastify/rate-limit store over the shared counters: every app (every process, on PostgreSQL)
 * over one database counts a client's requests together. One upsert per counted request.
 */
export function sharedRequestStore(db: Db, limiter: RateLimiter): FastifyRateLimitStoreCtor {
  let counter: Counter = limiter;
  if (db.kind === "pglite") {
    counter = memoryCounters.get(db) ?? memoryCounter();
    memoryCounters.set(db, counter);
  }
  let prunedAt = Date.now();
  class SharedStore implements FastifyRateLimitStore {
    // A route with its own rateLimit config gets its own counters (as the plugin's own stores do).
    // The plugin constructs the global store with its options, which say nothing we need.
    constructor(_options?: unknown, private readonly prefix = "api:") {}
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number) {
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        counter.prune().catch(() => undefined); // housekeeping: a failure only leaves old rows
      }
      counter.hit(this.prefix + key, max, timeWindow / 1000).then(
        (r) => callback(null, { current: r.hits, ttl: Math.ceil(r.retryAfterSeconds * 1000) }),
        (err: Error) => callback(err),
      );
    }
    child(params: Parameters<FastifyRateLimitStore["child"]>[0]) {
      // The plugin passes its merged options, the route under routeInfo.
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new SharedStore(undefined, `api:${String(route.method ?? "")}:${route.url ?? ""}:`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
