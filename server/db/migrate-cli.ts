// npm run migrate: applies pending migrations to DATABASE_URL, or the embedded database in DATA_DIR.
import { loadConfig } from "../config.js";
import { openDb } from "./client.js";
import { migrate } from "./migrate.js";

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
} finally {
  await db.close();
}
