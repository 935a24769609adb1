// Bulk inserts that work the same on PostgreSQL and PGlite: inside a transaction one COPY per
// batch (PostgreSQL's text format; several times faster than INSERT on a server), else one
// multi-row INSERT … SELECT FROM unnest($1::type[], …), one parameter per column.
import type { Db, Queryable, Tx } from "../db/client.js";
import { copyValue } from "./importers/copy.js";

export type ColType = "bigint" | "int" | "text" | "text[]" | "numeric" | "date" | "timestamptz" | "bool" | "jsonb" | "bytea";

/** Types sent as text and converted in SQL: arrays and JSON as literals, bytes as hex (both drivers agree on text). */
const AS_TEXT: Partial<Record<ColType, (alias: string) => string>> = {
  "text[]": (c) => `${c}::text[]`,
  jsonb: (c) => `${c}::jsonb`,
  bytea: (c) => `decode(${c}, 'hex')`,
};

/** Column-wise rows for one table. */
export class Batch {
  readonly columns: { name: string; type: ColType }[];
  private readonly data: unknown[][];

  constructor(readonly table: string, columns: [string, ColType][]) {
    this.columns = columns.map(([name, type]) => ({ name, type }));
    this.data = columns.map(() => []);
  }

  get length(): number {
    return this.data[0].length;
  }

  /** Adds one row; values in column order. text[] values are JS string arrays. */
  add(...values: unknown[]): void {
    if (values.length !== this.columns.length) throw new Error(`${this.table}: expected ${this.columns.length} values, got ${values.length}`);
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      const t = this.columns[i].type;
      this.data[i].push(
        v === undefined ? null
        : t === "text[]" && Array.isArray(v) ? pgArrayLiteral(v as string[])
        : t === "jsonb" && v !== null ? JSON.stringify(v)
        : t === "bytea" && Buffer.isBuffer(v) ? v.toString("hex")
        : v,
      );
    }
  }

  sql(): string {
    const aliases = this.columns.map((_, i) => `c${i}`);
    const select = this.columns.map((c, i) => AS_TEXT[c.type]?.(`c${i}`) ?? `c${i}`);
    const unnest = this.columns.map((c, i) => `$${i + 1}::${AS_TEXT[c.type] ? "text" : c.type}[]`);
    return `INSERT INTO ${this.table} (${this.columns.map((c) => c.name).join(", ")}) SELECT ${select.join(", ")} FROM unnest(${unnest.join(", ")}) AS u(${aliases.join(", ")})`;
  }

  /** The rows in COPY's text format: tab-separated, \N for NULL, backslash escapes. */
  copyText(): string {
    const n = this.length;
    const cols = this.columns.map((c, i) => {
      const values = this.data[i];
      const out: string[] = new Array(n);
      for (let r = 0; r < n; r++) {
        const v = values[r];
        out[r] = v === null ? "\\N" : c.type === "bytea" ? `\\\\x${v as string}` : c.type === "bool" ? (v ? "t" : "f") : copyValue(String(v));
      }
      return out;
    });
    const lines: string[] = new Array(n);
    for (let r = 0; r < n; r++) lines[r] = cols.map((c) => c[r]).join("\t");
    return lines.join("\n") + "\n";
  }

  async insert(q: Queryable | Tx): Promise<number> {
    if (this.length === 0) return 0;
    // Inside a transaction the seed COPYs (far cheaper per row); a bare connection gets an INSERT.
    if ("copyFrom" in q) await q.copyFrom(this.table, this.columns.map((c) => c.name), [this.copyText()]);
    else await q.query(this.sql(), this.data);
    return this.length;
  }
}

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

const DEADLOCK = "40P01";
const SERIALIZATION_FAILURE = "40001";

/**
 * Runs batch transactions with a little concurrency: generation of the next batch in JS
 * overlaps with the database writing the previous ones. PGlite is one connection, so it
 * gets depth 1; a server gets 2 (one per core on a small machine).
 */
export class Pipeline {
  private inflight: Promise<void>[] = [];
  constructor(private readonly db: Db, private readonly depth: number) {}

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
          for (const b of batches) await b.insert(tx);
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
