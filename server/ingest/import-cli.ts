// npm run import -- <kind> <files…> [--dry-run] [--source NAME] [--state NAME] [--fx CUR=RATE]
// Imports tenders and results (or MCA companies: kind mca) into DATABASE_URL, else the embedded PGlite database in DATA_DIR.
// Exit codes: 0 done (rows may have been rejected: see the report), 1 a file could not be read
// at all or the run failed, 2 bad usage.
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../config.js";
import { openDb, type Db } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { IMPORT_KINDS, type ImportKind } from "./importers/model.js";
import { formatReport } from "./importers/report.js";
import { runImport, type ImportReport } from "./importers/run.js";

const USAGE = `Usage: npm run import -- <kind> <file…> [--dry-run] [--source NAME] [--state NAME] [--fx CUR=RATE]

Kinds: ${IMPORT_KINDS.join(", ")}  (formats: server/ingest/importers/FORMATS.md)
  --dry-run      read and check everything, write nothing (each tender is rolled back)
  --source NAME  where the data comes from (tenders.source); for gepnic also the namespace of
                 portal tender ids, e.g. --source assamtenders.gov.in
  --state NAME   the state for tenders whose file names none (GePNIC pages do not)
  --fx CUR=RATE  rupees per unit of another currency (OCDS values in CUR), repeatable
Target: DATABASE_URL, else PGlite in DATA_DIR (default ./data).`;

export interface CliArgs {
  kind: ImportKind;
  files: string[];
  dryRun: boolean;
  source: string | null;
  state: string | null;
  fx: Record<string, number>;
}

export function parseArgs(argv: string[]): CliArgs | { help: true } {
  const files: string[] = [];
  let kind: string | undefined;
  let dryRun = false;
  let source: string | null = null;
  let state: string | null = null;
  const fx: Record<string, number> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === "--help" || flag === "-h") return { help: true };
    else if (flag === "--dry-run") dryRun = true;
    else if (flag === "--source") source = value();
    else if (flag === "--state") state = value();
    else if (flag === "--fx") {
      const m = /^([A-Za-z]{3})=(\d+(?:\.\d+)?)$/.exec(value());
      if (!m || Number(m[2]) <= 0) throw new Error("--fx needs CUR=RATE, e.g. --fx USD=83.2");
      fx[m[1].toUpperCase()] = Number(m[2]);
    } else if (flag.startsWith("--")) throw new Error(`unknown option ${arg}`);
    else if (kind === undefined) kind = arg;
    else files.push(arg);
  }
  if (!kind) throw new Error("give a kind and at least one file");
  if (!(IMPORT_KINDS as readonly string[]).includes(kind)) throw new Error(`unknown kind '${kind}' (one of ${IMPORT_KINDS.join(", ")})`);
  if (files.length === 0) throw new Error("give at least one file");
  return { kind: kind as ImportKind, files, dryRun, source, state, fx };
}

function bar(done: number, total: number, width = 30): string {
  const f = total > 0 ? Math.min(1, done / total) : 1;
  const n = Math.round(f * width);
  return `[${"#".repeat(n)}${"-".repeat(width - n)}] ${(f * 100).toFixed(0).padStart(3)}%`;
}

const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

async function main(): Promise<void> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`import: ${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if ("help" in args) {
    console.log(USAGE);
    return;
  }
  const url = process.env.DATABASE_URL;
  const dataDir = process.env.DATA_DIR ?? "./data";
  const target = url ? url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@") : `PGlite in ${dataDir}`;
  const tty = !!process.stdout.isTTY;
  let db: Db | undefined;
  try {
    db = await openDb(url ? { databaseUrl: url } : { dataDir });
    await migrate(db);
    console.log(`Importing ${args.files.length} ${args.kind} file(s) into ${target}${args.dryRun ? " (dry run: nothing is written)" : ""}`);
    let lastFile = "";
    let lastLine = 0;
    let report: ImportReport;
    try {
      report = await runImport(db, {
        kind: args.kind,
        files: args.files.map((f) => ({ path: f, name: f })),
        source: args.source,
        state: args.state,
        fx: args.fx,
        dryRun: args.dryRun,
        actor: `cli:${os.userInfo().username}`,
        // The server's bounds on zip (XLSX) files and the worker that parses them (IMPORT_ZIP_*, IMPORT_WORKER_HEAP_MB).
        limits: loadConfig().importLimits,
        onProgress({ file, bytes, total, read, done }) {
          const t = Date.now();
                    if (file !== lastFile) {
            if (tty && lastFile) process.stdout.write("\n");
            lastFile = file;
            lastLine = 0;
          }
          if (tty) {
            if (t - lastLine < 100 && !done) return;
            lastLine = t;
            process.stdout.write(`\r  ${path.basename(file)} ${bar(bytes, total)} ${mb(bytes)}/${mb(total)} MB, ${read.toLocaleString("en-IN")} read\x1b[K`);
          } else {
            if (t - lastLine < 2000 && !done) return;
            lastLine = t;
            console.log(`  ${file}: ${mb(bytes)}/${mb(total)} MB (${total ? Math.floor((bytes / total) * 100) : 100}%), ${read} read`);
          }
        },
      });
    } finally {
      if (tty && lastFile) process.stdout.write("\n");
    }
    console.log(formatReport(report));
    if (report.failed_files > 0) process.exitCode = 1;
  } catch (err) {
    const report = (err as { report?: ImportReport }).report;
    if (report) console.log(formatReport(report));
    console.error(`import failed: ${(err as Error).message ?? err}`);
    process.exitCode = 1;
  } finally {
    await db?.close().catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, "/").split("/").pop()!)) await main();
