// npm run seed -- --projects N --tenders N --companies N --seed S [--no-users]
// Writes to DATABASE_URL when set, else to the embedded PGlite database in DATA_DIR (./data).
import { openDb, type Db } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { DEMO_STAFF, DEMO_SUBSCRIBER } from "./demo-users.js";
import { SEED_DEFAULTS, seedDemoData, type SeedOptions } from "./seed.js";

const USAGE = `Usage: npm run seed -- [--projects N] [--tenders N] [--companies N] [--seed S] [--no-users]

Loads realistic demo data (defaults: ${SEED_DEFAULTS.projects} projects, ${SEED_DEFAULTS.tenders} tenders, ${SEED_DEFAULTS.companies} companies, seed ${SEED_DEFAULTS.seed}).
When only --projects is given, tenders and companies scale with it (2 and 0.8 per 5 projects),
never below their defaults. Target: DATABASE_URL, else PGlite in DATA_DIR (default ./data).`;

export function parseArgs(argv: string[]): SeedOptions & { help?: boolean } {
  const out: SeedOptions & { help?: boolean } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = (): number => {
      const raw = inline ?? argv[++i];
      const n = Number(String(raw ?? "").replace(/[_,]/g, ""));
      if (raw === undefined || !Number.isInteger(n) || n < 0) throw new Error(`${flag} needs a whole number ≥ 0 (got ${raw ?? "nothing"})`);
      return n;
    };
    if (flag === "--projects") out.projects = value();
    else if (flag === "--tenders") out.tenders = value();
    else if (flag === "--companies") out.companies = value();
    else if (flag === "--seed") out.seed = value();
    else if (flag === "--no-users") out.users = false;
    else if (flag === "--help" || flag === "-h") out.help = true;
    else throw new Error(`unknown option ${arg}`);
  }
  if (out.projects !== undefined) {
    const scale = out.projects / SEED_DEFAULTS.projects;
    out.tenders ??= Math.max(SEED_DEFAULTS.tenders, Math.round(SEED_DEFAULTS.tenders * scale));
    out.companies ??= Math.max(SEED_DEFAULTS.companies, Math.round(SEED_DEFAULTS.companies * scale));
  }
  return out;
}

function fmt(n: number): string {
  return n.toLocaleString("en-IN");
}

async function main(): Promise<void> {
  let opts: ReturnType<typeof parseArgs>;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`seed: ${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (opts.help) {
    console.log(USAGE);
    return;
  }
  const url = process.env.DATABASE_URL;
  const dataDir = process.env.DATA_DIR ?? "./data";
  const target = url ? url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@") : `PGlite in ${dataDir}`;
  const tty = process.stdout.isTTY;
  const started = Date.now();
  let db: Db | undefined;
  try {
    db = await openDb(url ? { databaseUrl: url } : { dataDir });
    await migrate(db);
    console.log(`Seeding ${target}: ${fmt(opts.projects ?? SEED_DEFAULTS.projects)} projects, ${fmt(opts.tenders ?? SEED_DEFAULTS.tenders)} tenders, ${fmt(opts.companies ?? SEED_DEFAULTS.companies)} companies, seed ${opts.seed ?? SEED_DEFAULTS.seed}`);
    let lastLine = 0;
    const counts = await seedDemoData(db, {
      ...opts,
      onProgress(done, total, what) {
        const t = Date.now();
        if (!tty && t - lastLine < 2000 && done < total) return;
        lastLine = t;
        const pct = total ? Math.floor((done / total) * 100) : 100;
        const line = `  ${what.padEnd(9)} ${fmt(done)}/${fmt(total)} (${pct}%)  ${((t - started) / 1000).toFixed(1)} s`;
        if (tty) process.stdout.write(`\r${line}\x1b[K`);
        else console.log(line);
      },
    });
    if (tty) process.stdout.write("\n");
    const secs = (Date.now() - started) / 1000;
    const rows = Object.entries(counts).filter(([k]) => k !== "users").reduce((a, [, v]) => a + v, 0);
    console.log(`Done in ${secs.toFixed(1)} s (${fmt(Math.round(rows / secs))} rows/s):`);
    for (const [k, v] of Object.entries(counts)) console.log(`  ${k.padEnd(15)} ${fmt(v)}`);
    if (opts.users !== false) {
      console.log(`Demo accounts${counts.users ? "" : " (already present, left unchanged)"}:`);
      console.log(`  subscriber  ${DEMO_SUBSCRIBER.email} / ${DEMO_SUBSCRIBER.password}`);
      console.log(`  staff       ${DEMO_STAFF.email} / ${DEMO_STAFF.password}`);
    }
  } catch (err) {
    if (tty) process.stdout.write("\n");
    console.error(`seed failed: ${(err as Error).message ?? err}`);
    process.exitCode = 1;
  } finally {
    await db?.close().catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, "/").split("/").pop()!)) await main();
