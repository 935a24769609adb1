// Start the product: read config, open the database, migrate, load demo data into an empty
// embedded database, serve the web app and /api on one port.
import fs from "node:fs";
import { execSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "./config.js";
import { openDb } from "./db/client.js";
import { migrate } from "./db/migrate.js";
import { buildApp, WEB_DIST } from "./app.js";
import { DEMO_ACCOUNTS } from "./ingest/demo-accounts.js";
import { startJobRunner } from "./jobs/index.js";
import { isDatabaseUnavailable } from "./http/errors.js";

const config = loadConfig();

// A fresh checkout has no dist/: build the web app once so `npm start` is all a person needs.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const srcDir = path.join(root, "src");
if (config.serveWebApp && !fs.existsSync(path.join(WEB_DIST, "index.html")) && fs.existsSync(srcDir)) {
  console.log("Building the web app (first start)…");
  execSync(`npx vite build --outDir ${JSON.stringify(WEB_DIST)} --emptyOutDir`, { stdio: "inherit", cwd: root });
  // As `npm run build` does: .br / .gz beside each file, which the server sends as they are.
  execSync(`npx tsx scripts/precompress.ts ${JSON.stringify(WEB_DIST)}`, { stdio: "inherit", cwd: root });
}

const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(cannotStart);
const applied = await migrate(db).catch(cannotStart);
if (applied.length) console.log(`Migrated: ${applied.join(", ")}`);

if (db.kind === "pglite" && config.seedProjects > 0) {
  const { isDatabaseEmpty, seedDemoData } = await import("./ingest/seed.js");
  if (await isDatabaseEmpty(db).catch(cannotStart)) {
    console.log(`Empty database: loading demo data (${config.seedProjects} projects)…`);
    await seedDemoData(db, { projects: config.seedProjects });
  }
}

const app = await buildApp(config, db);
startJobRunner(app); // due reminders and alert digests, every JOBS_INTERVAL_SECONDS (server/jobs)
await app.listen({ port: config.port, host: config.host });

const shown = config.host === "0.0.0.0" ? "localhost" : config.host;
console.log(`
InfraScout is running at http://${shown}:${config.port}
  database: ${db.kind === "pglite" ? `embedded PGlite in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)"}
  mail:     ${app.mailer.describe()}
  API docs: http://${shown}:${config.port}/api/docs
Demo accounts:
${DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(10)} ${a.email} / ${a.password}`).join("\n")}
`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}

/**
 * A database that is missing or out of reach at start is a setting to fix, not a bug: one line
 * naming it (never its password) and a non-zero exit, no stack trace. Anything else is thrown.
 */
function cannotStart(err: unknown): never {
  const code = (err as { code?: string } | null)?.code ?? "";
  const login = code === "28P01" || code === "28000";
  if (!isDatabaseUnavailable(err) && !login) throw err;
  console.error(`InfraScout cannot start: ${startFailure(err, code)}`);
  process.exit(1);
}

function startFailure(err: unknown, code: string): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir} could not be opened (${firstLine(err)}).`;
  const url = new URL(config.databaseUrl);
  const database = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username) || "postgres";
  const server = `${url.hostname}:${url.port || 5432}`;
  if (code === "3D000") return `database "${database}" does not exist on the PostgreSQL server at ${server} (DATABASE_URL).`;
  if (code === "28P01" || code === "28000") return `the PostgreSQL server at ${server} refused user "${decodeURIComponent(url.username)}" for database "${database}" (DATABASE_URL).`;
  const why: Record<string, string> = { ECONNREFUSED: "connection refused", ETIMEDOUT: "no answer", ENOTFOUND: "unknown host", EAI_AGAIN: "unknown host", EHOSTUNREACH: "host unreachable", ENETUNREACH: "network unreachable" };
  return `the PostgreSQL server at ${server} for database "${database}" cannot be reached: ${why[code] ?? firstLine(err)} (DATABASE_URL).`;
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split("\n")[0].slice(0, 200);
