// Secondary indexes set aside while a bulk load fills empty tables, and built once afterwards.
// Keeping a table's indexes up to date row by row costs more than building them from the loaded
// rows: seeding 200,000 leads on PostgreSQL took 99–109 s with them, 74.7 s without plus 13.9 s to
// build them (the database, not the generator, is what a seed waits on).
//
// Safe against a load that dies half-way: the indexes are recorded (deferred_indexes) in the same
// transaction that drops them, and each is built and forgotten in one transaction, so whatever
// is still recorded is built by the next call — migrate() makes one on every start. Only
// non-unique indexes are set aside: keys and unique constraints keep guarding the load.
import type { Db } from "./client.js";

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Drops the non-unique indexes of these tables, recording them to be built; how many. */
export async function deferIndexes(db: Db, tables: readonly string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string; definition: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
         FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = current_schema() AND t.relname = ANY($1::text[]) AND NOT x.indisunique
        ORDER BY 1`,
      [tables],
    );
    for (const { name, definition } of rows) {
      await tx.query(`INSERT INTO deferred_indexes (name, definition) VALUES ($1, $2)`, [name, definition]);
      await tx.query(`DROP INDEX ${quoted(name)}`);
    }
    return rows.length;
  });
}

/**
 * What pg_get_indexdef writes for a plain index of this schema's tables, and nothing else: the
 * record is run as SQL at start, so a row that is not one (a tampered table) stops the start.
 */
function checkedDefinition(name: string, definition: string): string {
  const plain = /^CREATE INDEX ([a-z0-9_]+) ON [a-z0-9_]+\.[a-z0-9_]+ USING [a-z]+ \([^;]*$/.exec(definition);
  if (!plain || plain[1] !== name) throw new Error(`deferred_indexes: '${name.slice(0, 80)}' is not an index definition this app wrote`);
  return definition.replace(/^CREATE INDEX /, "CREATE INDEX IF NOT EXISTS ");
}

/**
 * Builds every recorded index, each in its own transaction with the forgetting of its record
 * (whoever claims the record builds it). PostgreSQL builds two at a time; PGlite has one connection.
 */
export async function buildDeferredIndexes(db: Db): Promise<number> {
  const { rows } = await db.query<{ name: string; definition: string }>(`SELECT name, definition FROM deferred_indexes ORDER BY name`);
  let next = 0;
  const builder = async () => {
    for (let row = rows[next++]; row; row = rows[next++]) {
      const { name, definition } = row;
      const sql = checkedDefinition(name, definition);
      await db.transaction(async (tx) => {
        const claimed = await tx.query(`DELETE FROM deferred_indexes WHERE name = $1 RETURNING name`, [name]);
        if (claimed.rows.length) await tx.query(sql);
      });
    }
  };
  await Promise.all(Array.from({ length: db.kind === "postgres" ? 2 : 1 }, builder));
  return rows.length;
}
