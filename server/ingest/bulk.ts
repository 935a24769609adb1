// Bulk writes for the seed: one COPY per table and batch, inside the batch's transaction, on
// PostgreSQL and PGlite alike (Tx.copyFrom). Rows are encoded to COPY's text format as they are
// added, by the importers' encoder (importers/copy.ts), into UTF-8 chunks of whole lines (Batch).
import type { Db, Queryable, Tx } from "../db/client.js";
import { copyValue } from "./importers/copy.js";

export type ColType = "bigint" | "int" | "text" | "text[]" | "numeric" | "date" | "timestamptz" | "bool" | "jsonb" | "bytea";

/** The value COPY reads for a column of this type: text[] as an array literal, bytea as hex; the rest as copyValue writes them. */
function cell(type: ColType, v: unknown): string {
  if (v === null || v === undefined) return "\\N";
  if (type === "text[]" && Array.isArray(v)) return copyValue(pgArrayLiteral(v as string[]));
  if (type === "bytea" && Buffer.isBuffer(v)) return `\\\\x${v.toString("hex")}`;
  return copyValue(v as string | number | boolean | Date | object);
}

/**
 * A batch holds its rows as UTF-8 bytes, written cell by cell into a working buffer and kept as
 * chunks of whole lines of about this size. Rows kept as strings (`a + "\t" + b …`, one per row)
 * were trees of string pieces that a batch's hundreds of thousands of rows kept alive through
 * many collections (a third of generation's time), and joining them into chunks was slow
 * whenever a line held a character beyond Latin-1 (₹, –), which most chunks do.
 */
const CHUNK_BYTES = 224 * 1024;
/** The working buffer: a chunk plus room for the line that crosses CHUNK_BYTES. */
const BUFFER_BYTES = 256 * 1024;

/** Rows for one table, in COPY's text format. */
export class Batch {
  readonly columns: { name: string; type: ColType }[];
  private readonly names: string[];
  private readonly types: ColType[];
  /** Finished chunks of whole lines: outside the JS heap, so no collection walks them. */
  private readonly chunks: Buffer[] = [];
  /** The chunk being written, bytes [0, pos); kept as it is when done (a new buffer is taken, never zero-filled). */
  private buf = Buffer.allocUnsafe(0);
  private pos = 0;
  private rows = 0;

  constructor(readonly table: string, columns: [string, ColType][]) {
    this.columns = columns.map(([name, type]) => ({ name, type }));
    this.names = columns.map(([name]) => name);
    this.types = columns.map(([, type]) => type);
  }

  get length(): number {
    return this.rows;
  }

  /** Adds one row; values in column order. text[] values are JS string arrays, jsonb any JSON value, bytea a Buffer. */
  add(...values: unknown[]): void {
    const types = this.types;
    if (values.length !== types.length) throw new Error(`${this.table}: expected ${types.length} values, got ${values.length}`);
    const last = values.length - 1;
    for (let i = 0; i <= last; i++) {
      const c = cell(types[i], values[i]);
      // At most 3 bytes per UTF-16 unit, and the tab or newline after it.
      if (this.pos + c.length * 3 + 1 > this.buf.length) this.grow(c.length * 3 + 1);
      this.pos += this.buf.write(c, this.pos, "utf8");
      this.buf[this.pos++] = i === last ? NEWLINE : TAB;
    }
    this.rows++;
    if (this.pos >= CHUNK_BYTES) this.endChunk();
  }

  /** Room for `need` more bytes: the line being written moves to a larger buffer (a chunk ends only after a whole line). */
  private grow(need: number): void {
    const next = Buffer.allocUnsafe(Math.max(BUFFER_BYTES, this.pos + need));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  /** Keeps the finished lines as a chunk (a view of the working buffer); the next line starts a new buffer. */
  private endChunk(): void {
    if (this.pos) this.chunks.push(this.buf.subarray(0, this.pos));
    this.buf = Buffer.allocUnsafe(0);
    this.pos = 0;
  }

  /** The rows in COPY's text format: tab-separated, \N for NULL, backslash escapes. */
  copyText(): string {
    this.endChunk();
    return Buffer.concat(this.chunks).toString("utf8");
  }

  async insert(tx: Tx): Promise<number> {
    if (this.length === 0) return 0;
    this.endChunk();
    return tx.copyFrom(this.table, this.names, this.chunks);
  }
}

const TAB = 9;
const NEWLINE = 10;

/** A text[] literal: every element quoted, so commas, quotes and spaces survive. */
export function pgArrayLiteral(items: readonly string[]): string {
  return "{" + items.map((s) => '"' + s.replace(/\\/g, "\\\\").replace(/"/g, '\\"') + '"').join(",") + "}";
}

/** Reserves n ids from a table's bigserial sequence (safe alongside other writers). */
export async function allocateIds(db: Queryable, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const r = await db.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence($1, 'id'))::bigint AS id FROM generate_series(1, $2::int) ORDER BY 1`,
    [table, n],
  );
  return r.rows.map((x) => Number(x.id));
}

/**
 * Tables whose every reference points at rows this seed allocated and wrote before them, in the
 * same transaction (a lead's contacts after the lead) or an earlier committed one (the companies
 * before the leads): their foreign-key checks cannot fail, and on the seed's millions of child
 * rows they are much of the database's work. A seed that may (a superuser: PGlite always, a
 * local server's postgres) writes them with session_replication_role = replica, which skips the
 * checks for that transaction only, as pg_restore --disable-triggers does. None of these tables
 * has a trigger of its own (the search change log is on the parents, which keep their checks).
 */
const WRITTEN_AFTER_PARENTS = new Set([
  "company_directors", "company_financials", "contacts", "project_contacts", "project_status_updates", "project_documents",
  "tender_corrigenda", "tender_documents", "result_winners",
]);

/** True when this connection may skip the child tables' foreign-key checks (see WRITTEN_AFTER_PARENTS). */
export async function maySkipChildChecks(db: Queryable): Promise<boolean> {
  const r = await db.query<{ su: boolean }>(`SELECT current_setting('is_superuser') = 'on' AS su`);
  return r.rows[0]?.su === true;
}

const DEADLOCK = "40P01";
const SERIALIZATION_FAILURE = "40001";

/**
 * Runs batch transactions with a little concurrency: generation of the next batch in JS
 * overlaps with the database writing the previous ones. PGlite is one connection, so it
 * gets depth 1; a server gets 2 (one per core on a small machine).
 */
export class Pipeline {
  private inflight: Promise<void>[] = [];
  constructor(private readonly db: Db, private readonly depth: number, private readonly skipChildChecks = false) {}

  async run(batches: Batch[], after?: () => void): Promise<void> {
    while (this.inflight.length >= this.depth) await this.inflight.shift();
    const p = this.write(batches).then(() => after?.());
    p.catch(() => undefined); // surfaced when awaited in run() or drain()
    this.inflight.push(p);
  }

  /**
   * One batch transaction. Two in flight may deadlock on the rows triggers keep in step (e.g.
   * the organisation counts); PostgreSQL then rolls one back whole, so it is simply run again.
   */
  private async write(batches: Batch[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db.transaction(async (tx) => {
          let replica = false;
          for (const b of batches) {
            const skip = this.skipChildChecks && WRITTEN_AFTER_PARENTS.has(b.table);
            if (skip !== replica) await tx.query(`SET LOCAL session_replication_role = ${(replica = skip) ? "replica" : "origin"}`);
            await b.insert(tx);
          }
        });
        return;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if ((code !== DEADLOCK && code !== SERIALIZATION_FAILURE) || attempt >= 5) throw err;
      }
    }
  }

  async drain(): Promise<void> {
    while (this.inflight.length) await this.inflight.shift();
  }
}
