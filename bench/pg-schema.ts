// A fresh schema on the PostgreSQL server for one bench run (as the API tests do); dropped by close.
import crypto from "node:crypto";
import pg from "pg";
import { openDb, type Db } from "../server/db/client.js";

export async function openPostgresSchema(url: string, prefix: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const schema = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA IF NOT EXISTS extensions`).catch(() => undefined);
  await admin.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA extensions`).catch(() => undefined);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = await openDb({ databaseUrl: `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema},extensions`)}` });
  return {
    db,
    close: async () => {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
