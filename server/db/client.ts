// One database client for the whole server: a pg.Pool when DATABASE_URL is set, otherwise an
// embedded PGlite in a data folder. Both answer the same SQL with the same JS types, so the
// rest of the code never knows which one it talks to.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFromStdin } from "pg-copy-streams";
import type { Transaction } from "@electric-sql/pglite";
import { runLongTransaction, type OpenLongTransaction } from "./pglite-long-transaction.js";

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** A connection inside a transaction; exec runs a multi-statement script (migrations). */
export interface Tx extends Queryable {
  exec(sql: string): Promise<void>;
  /**
   * COPY table (columns) FROM data in COPY's text format (tab-separated, backslash escapes, \N
   * for null; server/ingest/importers/copy.ts writes it), given as chunks of whole lines (strings,
   * or UTF-8 bytes as the seed's batches hold them); answers
   * the rows loaded. PostgreSQL streams the chunks to the server (FROM STDIN, pg-copy-streams);
   * PGlite has no STDIN to stream to and reads them as one blob (FROM '/dev/blob'). Only inside a
   * transaction: a COPY is one statement, and a bad row fails all of it.
   */
  copyFrom(table: string, columns: readonly string[], data: Iterable<string | Uint8Array>): Promise<number>;
}

/** A table or column name as COPY is given it: plain identifiers only, never text from a request. */
const COPY_NAME = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/;
function copyTarget(table: string, columns: readonly string[]): string {
  const bad = [table, ...columns].find((n) => !COPY_NAME.test(n));
  if (bad !== undefined || !columns.length) throw new Error(`COPY target '${String(bad ?? table).slice(0, 80)}' is not a plain table and column list`);
  return `${table} (${columns.join(", ")})`;
}

export interface Db extends Queryable {
  kind: "postgres" | "pglite";
  /** Runs fn in one transaction; rolls back if it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The same, for a transaction that may take minutes (a whole import). On PGlite other callers'
   * plain reads of tables it has not written keep being answered meanwhile (see
   * pglite-long-transaction.ts); everything else still waits for it, as PGlite has one connection.
   */
  longTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, which openDb's loadDataDir starts from (tests clone a migrated template). */
  dumpDataDir?(): Promise<Blob>;
}

// Type ids: int8, numeric, date. int8 ids fit in a JS number far beyond any row count we hold;
// numeric money values are rupees with two decimals; dates stay 'YYYY-MM-DD' strings so no
// time zone shifts them.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
/** How long a new PostgreSQL connection may take before the query fails. */
const CONNECT_TIMEOUT_MS = 10_000;
const parseNumber = (v: string) => (v === null ? null : Number(v));
const parseDateString = (v: string) => v;

export async function openDb(opts: {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite only: start from this data folder (a tarball from PGlite's dumpDataDir); tests clone a migrated template with it. */
  loadDataDir?: Blob;
}): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir ?? "./data", opts.loadDataDir);
}

function openPostgres(url: string): Db {
  const types = {
    getTypeParser(id: number, format?: "text" | "binary") {
      if (id === INT8 || id === NUMERIC) return parseNumber;
      if (id === DATE) return parseDateString;
      return pg.types.getTypeParser(id, format);
    },
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.PG_POOL_MAX ?? 10),
    types,
    // A server that does not answer at all (a dropped network) fails a query after this long
    // instead of holding it for the operating system's minutes; the error layer answers 503.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose server vanished without closing it is noticed and dropped.
    keepAlive: true,
  });
  // An idle connection the server ends (a restart, pg_terminate_backend) must not crash the
  // process: the pool drops it and the next query opens a fresh one. Logged once per outage.
  let lostAt = 0;
  pool.on("error", (err) => {
    if (Date.now() - lostAt < 60_000) return;
    lostAt = Date.now();
    console.warn(`database connection lost while idle: ${err.message}`);
  });
  const wrap = (c: pg.Pool | pg.PoolClient): Omit<Tx, "copyFrom"> => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await c.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await c.query(sql); // no parameters: the simple protocol runs several statements
    },
  });
  const wrapTx = (c: pg.PoolClient): Tx => ({
    ...wrap(c),
    async copyFrom(table, columns, data) {
      // Streamed with backpressure: the chunks are made as the server takes them.
      const copy = c.query(copyFromStdin(`COPY ${copyTarget(table, columns)} FROM STDIN`));
      await pipeline(Readable.from(data, { objectMode: false }), copy);
      return copy.rowCount;
    },
  });
  const db: Db = {
    kind: "postgres",
    ...wrap(pool),
    longTransaction: (fn) => db.transaction(fn),
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out client has no listener of the pool's: a connection lost between two
      // statements of this transaction would be an uncaught 'error' event (a crash). Its
      // statements fail instead, and the broken client is dropped, not returned to the pool.
      let broken: Error | undefined;
      const onError = (err: Error) => void (broken = err);
      client.on("error", onError);
      try {
        await client.query("BEGIN");
        const out = await fn(wrapTx(client));
        await client.query("COMMIT");
        return out;
      } catch (err) {
        if (!broken) await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      } finally {
        client.removeListener("error", onError);
        client.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
  return db;
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Db> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const dir = dataDir === "memory://" ? dataDir : path.resolve(dataDir, "pgdata");
  if (dir !== "memory://") fs.mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(dir, {
    loadDataDir,
    extensions: { pg_trgm },
    parsers: { [INT8]: parseNumber, [NUMERIC]: parseNumber, [DATE]: parseDateString },
  });
  // PGlite is one connection: transactions must not interleave with other queries, so calls
  // are queued through one promise chain.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  const result = <T>(r: { rows: T[]; affectedRows?: number }) => ({ rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) });
  const copyBlob = async (tx: Transaction, table: string, columns: readonly string[], data: Iterable<string | Uint8Array>) => {
    const r = await tx.query(`COPY ${copyTarget(table, columns)} FROM '/dev/blob'`, [], { blob: new Blob([...data] as BlobPart[]) });
    return r.affectedRows ?? 0;
  };
  let longTx: OpenLongTransaction | null = null;
  return {
    kind: "pglite",
    async query<T>(sql: string, params: unknown[] = []) {
      const passed = longTx ? await longTx.tryRead<T>(sql, params) : undefined;
      if (passed) return result(passed);
      return serial(async () => result(await db.query<T>(sql, params as unknown[])));
    },
    longTransaction(fn) {
      return serial(() =>
        runLongTransaction(
          db,
          (tx, turn) =>
            fn({
              query: <T>(sql: string, params: unknown[] = []) => turn(async () => result(await tx.query<T>(sql, params as unknown[]))),
              exec: (sql: string) => turn(async () => void (await tx.exec(sql))),
              copyFrom: (table, columns, data) => turn(() => copyBlob(tx, table, columns, data)),
            }),
          (open) => (longTx = open),
        ),
      );
    },
    transaction(fn) {
      return serial(() =>
        db.transaction(async (tx) =>
          fn({
            async query<T>(sql: string, params: unknown[] = []) {
              const r = await tx.query<T>(sql, params as unknown[]);
              return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
            },
            async exec(sql: string) {
              await tx.exec(sql);
            },
            copyFrom: (table, columns, data) => copyBlob(tx, table, columns, data),
          }),
        ),
      );
    },
    exec(sql) {
      return serial(async () => {
        await db.exec(sql);
      });
    },
    close() {
      return serial(() => db.close());
    },
    dumpDataDir() {
      return serial(() => db.dumpDataDir("none"));
    },
  };
}
