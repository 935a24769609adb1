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

const config = loadConfig();

// A fresh checkout has no dist/: build the web app once so `npm start` is all a person needs.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const srcDir = path.join(root, "src");
if (config.serveWebApp && !fs.existsSync(path.join(WEB_DIST, "index.html")) && fs.existsSync(srcDir)) {
  console.log("Building the web app (first start)…");
  execSync(`npx vite build --outDir ${JSON.stringify(WEB_DIST)} --emptyOutDir`, { stdio: "inherit", cwd: root });
}

const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(db);
if (applied.length) console.log(`Migrated: ${applied.join(", ")}`);

if (db.kind === "pglite" && config.seedProjects > 0) {
  const { isDatabaseEmpty, seedDemoData } = await import("./ingest/seed.js");
  if (await isDatabaseEmpty(db)) {
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
