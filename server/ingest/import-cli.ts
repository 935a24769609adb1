// npm run import -- <kind> <file | folder | 'glob' | .zip>… [--files-from F] [--dry-run] [--source NAME] [--state NAME] [--fx CUR=RATE]
// Imports tenders and results (or MCA companies: kind mca) into DATABASE_URL, else the embedded PGlite database in DATA_DIR.
// What the arguments name is found by import-files.ts (folders, quoted globs, zips); the progress
// line is import-progress.ts. Exit codes: 0 everything was imported; 1 anything was rejected (a
// row, a file that could not be read, an argument that named nothing usable) or the run failed;
// 2 bad usage.
import os from "node:os";
import { loadConfig } from "../config.js";
import { openDb, type Db } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { findImportFiles, readFileList, type FoundFiles } from "./import-files.js";
import { createProgress } from "./import-progress.js";
import { IMPORT_KINDS, type ImportKind } from "./importers/model.js";
import { canonicalState } from "./importers/place.js";
import { formatReport } from "./importers/report.js";
import { runImport, type ImportReport } from "./importers/run.js";

const USAGE = `Usage: npm run import -- <kind> <file | folder | 'glob' | archive.zip>… [--files-from F] [--dry-run] [--source NAME] [--state NAME] [--fx CUR=RATE]

Kinds: ${IMPORT_KINDS.join(", ")}  (formats: server/ingest/importers/FORMATS.md)
  A folder is read recursively, a quoted glob ('data/**/*.csv') is matched here and a .zip is
  opened: each picks the files of the kind (by extension). Give thousands of files that way:
  npm cannot pass a command line over 128 KiB (about 2,000 paths) and fails without a word.
  --files-from F read more paths (files, folders, globs, zips) from file F, one a line or
                 NUL-separated; - is standard input: find data -name '*.csv' | npm run import -- gepnic --files-from -
  --dry-run      read and check everything, write nothing (each tender is rolled back)
  --source NAME  where the data comes from (tenders.source); for gepnic also the namespace of
                 portal tender ids, e.g. --source assamtenders.gov.in
  --state NAME   the state for tenders whose file names none: a fallback only; where the file
                 names a state (an address, the organisation chain, the portal) that one is kept
  --fx CUR=RATE  rupees per unit of another currency (OCDS values in CUR), repeatable
Target: DATABASE_URL, else PGlite in DATA_DIR (default ./data).
Exit status: 0 all imported, 1 anything rejected or the run failed, 2 bad usage.`;

export interface CliArgs {
  kind: ImportKind;
  files: string[];
  /** A file listing more paths, or "-" for standard input. */
  filesFrom: string | null;
  dryRun: boolean;
  source: string | null;
  state: string | null;
  fx: Record<string, number>;
}

export function parseArgs(argv: string[]): CliArgs | { help: true } {
  const files: string[] = [];
  let kind: string | undefined;
  let dryRun = false;
  let filesFrom: string | null = null;
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
    else if (flag === "--files-from") filesFrom = value();
    else if (flag === "--state") {
      state = canonicalState(value());
      if (!state) throw new Error("--state needs the name of an Indian state or union territory, e.g. --state Assam");
    }
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
  if (files.length === 0 && filesFrom === null) throw new Error("give at least one file");
  return { kind: kind as ImportKind, files, filesFrom, dryRun, source, state, fx };
}

/** Stops with status 1 when any argument gave nothing to import: nothing is imported then. */
function refuseProblems(found: FoundFiles): boolean {
  if (found.problems.length === 0) return false;
  for (const p of found.problems) console.error(`import: ${p}`);
  console.error("import: nothing was imported; fix the arguments above and run it again");
  return true;
}

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
  // The server's bounds on zip files (archives given here, XLSX workbooks) and the worker that parses workbooks.
  const limits = loadConfig().importLimits;
  let listed: string[] = [];
  try {
    listed = args.filesFrom === null ? [] : readFileList(args.filesFrom);
  } catch (err) {
    console.error(`import: --files-from ${args.filesFrom}: ${(err as Error).message}`);
    process.exit(2);
  }
  let found: FoundFiles;
  try {
    found = await findImportFiles(args.kind, [...args.files, ...listed], limits);
  } catch (err) {
    // A folder that cannot be listed, say: nothing has been imported.
    console.error(`import: ${(err as Error).message}`);
    process.exit(1);
  }
  // Zip entries are extracted to a temporary folder: removed however the run ends.
  const stop = (signal: NodeJS.Signals) => {
    found.cleanup();
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", stop).once("SIGTERM", stop);
  let db: Db | undefined;
  try {
    if (refuseProblems(found)) {
      process.exitCode = 1;
      return;
    }
    db = await openDb(url ? { databaseUrl: url } : { dataDir });
    await migrate(db);
    console.log(`Importing ${found.files.length.toLocaleString("en-IN")} ${args.kind} file(s) into ${target}${args.dryRun ? " (dry run: nothing is written)" : ""}`);
    const progress = createProgress(process.stdout, found.files.length);
    let report: ImportReport;
    try {
      report = await runImport(db, {
        kind: args.kind,
        files: found.files,
        source: args.source,
        state: args.state,
        fx: args.fx,
        dryRun: args.dryRun,
        actor: `cli:${os.userInfo().username}`,
        limits,
        onProgress: ({ file, done }) => progress.onFile(file, done),
        onRunProgress: (p) => progress.onRun(p),
      });
    } finally {
      progress.end();
    }
    console.log(formatReport(report));
    if (report.rejects_total > 0 || report.failed_files > 0) process.exitCode = 1;
  } catch (err) {
    const report = (err as { report?: ImportReport }).report;
    if (report) console.log(formatReport(report));
    console.error(`import failed: ${(err as Error).message ?? err}`);
    process.exitCode = 1;
  } finally {
    await db?.close().catch(() => undefined);
    found.cleanup();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, "/").split("/").pop()!)) await main();
