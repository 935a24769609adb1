// `npm run import` as a user runs it, in a child process: a folder (recursively), a zip and a
// quoted glob of the real GePNIC sample pages, thousands of arguments, a list on standard input, the report and the exit
// status (0 only when everything was imported). On PGlite (a data folder of its own) or, with
// DATABASE_URL set, on PostgreSQL in a schema of its own.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fx } from "../fixtures/import/helpers.js";
import { runImportCli } from "../support/import-cli.js";
import { openTestDb } from "./harness.js";
import { zipOf } from "./hostile-zips.js";

const PAGES = ["final_2022_CD_25879_1.csv", "final_2023_WREAP_32455_1.csv", "final_2024_PWD_35115_146.csv"];
let dir: string;
let env: Record<string, string>;
let dropSchema = async () => undefined as unknown;

/** The command line as a user runs it (tests/support/import-cli.ts), in this test's folder. */
const cli = (args: string[], stdin = "") => runImportCli(args, { cwd: dir, env, stdin });
const totals = (out: string) => /read (\d+) {2}created (\d+) {2}updated (\d+) {2}unchanged (\d+) {2}skipped (\d+) {2}rejected (\d+)/.exec(out)?.slice(1).map(Number);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-cli-test-"));
  // The real pages in nested folders, with a file the kind does not read beside them.
  fs.mkdirSync(path.join(dir, "aoc/2022"), { recursive: true });
  fs.mkdirSync(path.join(dir, "aoc/2023"), { recursive: true });
  fs.copyFileSync(fx("gepnic", PAGES[0]), path.join(dir, "aoc/2022", PAGES[0]));
  fs.copyFileSync(fx("gepnic", PAGES[1]), path.join(dir, "aoc/2023", PAGES[1]));
  fs.copyFileSync(fx("gepnic", PAGES[2]), path.join(dir, "aoc", PAGES[2]));
  fs.writeFileSync(path.join(dir, "aoc/README.txt"), "where these pages come from");
  fs.writeFileSync(path.join(dir, "pages.zip"), await zipOf(PAGES.map((p) => ({ name: `aoc/${p}`, data: fs.readFileSync(fx("gepnic", p)) }))));
  fs.writeFileSync(path.join(dir, "bomb.zip"), await zipOf([{ name: "big.csv", data: Buffer.alloc(20 * 1024 * 1024, 0x30) }]));
  // A folder with one good page, one with a row that cannot be read and one that is not a GePNIC page at all.
  fs.mkdirSync(path.join(dir, "mixed"));
  fs.copyFileSync(fx("gepnic", PAGES[0]), path.join(dir, "mixed", PAGES[0]));
  fs.copyFileSync(fx("crafted", "gepnic-variant-crlf.csv"), path.join(dir, "mixed/gepnic-variant-crlf.csv"));
  fs.copyFileSync(fx("crafted", "tenders.csv"), path.join(dir, "mixed/tenders.csv"));
  if (process.env.DATABASE_URL) {
    const { db, drop } = await openTestDb();
    const schema = (await db.query<{ s: string }>("SELECT current_schema() AS s")).rows[0].s;
    await db.close();
    dropSchema = drop;
    const url = process.env.DATABASE_URL;
    env = { DATABASE_URL: `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema},extensions`)}` };
  } else {
    env = { DATABASE_URL: "", DATA_DIR: path.join(dir, "data") };
  }
}, 120_000);
afterAll(async () => {
  await dropSchema();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run import: folders, zips, quoted globs", () => {
  it("imports a folder recursively (the kind's files only), then the same pages from a zip and a glob are unchanged", async () => {
    const folder = await cli(["gepnic", "aoc", "--source", "assam", "--state", "Assam"]);
    expect(folder.stderr).toBe("");
    expect(folder.code).toBe(0);
    expect(folder.stdout).toMatch(process.env.DATABASE_URL ? /^Importing 3 gepnic file\(s\) into postgres:/ : /^Importing 3 gepnic file\(s\) into PGlite in /);
    expect(totals(folder.stdout)).toEqual([14, 3, 0, 0, 0, 0]);
    expect(folder.stdout).toContain(`aoc/2022/${PAGES[0]}: read 4, created 1`);
    expect(folder.stdout).toContain(`aoc/2023/${PAGES[1]}: read 5, created 1`);
    // Not a terminal: no progress line, no control codes in the log.
    expect(folder.stdout).not.toMatch(/[\r\x1b]|progress:/);

    const zip = await cli(["gepnic", "pages.zip", "--source", "assam", "--state", "Assam"]);
    expect(zip.code).toBe(0);
    expect(totals(zip.stdout)).toEqual([14, 0, 0, 3, 0, 0]);
    expect(zip.stdout).toContain(`pages.zip:aoc/${PAGES[2]}: read 5, created 0, updated 0, unchanged 1`);

    const glob = await cli(["gepnic", "aoc/**/final_202[34]_*.csv", "--source", "assam", "--state", "Assam"]);
    expect(glob.code).toBe(0);
    expect(glob.stdout).toMatch(/^Importing 2 gepnic file\(s\)/);
    expect(totals(glob.stdout)).toEqual([10, 0, 0, 2, 0, 0]);
  }, 180_000);

  it("exits 1 when any row or file is rejected, the rest imported and reported", async () => {
    const mixed = await cli(["gepnic", "mixed", "--source", "mixed", "--dry-run"]);
    expect(mixed.code).toBe(1);
    // The page that is not GePNIC fails as a file (its counts stay 0); one row of the variant is rejected.
    expect(totals(mixed.stdout)).toEqual([10, 2, 0, 0, 0, 1]);
    expect(mixed.stdout).toContain("mixed/gepnic-variant-crlf.csv, row 7 [2024_KWA_681299_1]: Publish Date '31-Feb-2024 10:00 AM' is not a valid date");
    expect(mixed.stdout).toContain("mixed/tenders.csv: cannot read mixed/tenders.csv: not a GePNIC award-of-contract CSV: no 'Tender ID' column");
    // A rejected row alone (every file read) is enough.
    const oneRow = await cli(["gepnic", "mixed/gepnic-variant-crlf.csv", "--source", "mixed", "--dry-run"]);
    expect(totals(oneRow.stdout)).toEqual([6, 1, 0, 0, 0, 1]);
    expect(oneRow.code).toBe(1);
  }, 180_000);

  it("refuses arguments that name nothing to import, or a zip bomb, before importing anything (exit 1)", async () => {
    const bad = await cli(["gepnic", "aoc", "nowhere/*.csv", "bomb.zip", "--source", "assam"]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toBe([
      "import: nowhere/*.csv: matches no file",
      "import: bomb.zip: the archive declares more than 100 times its own size (a compression ratio only a zip bomb has)",
      "import: nothing was imported; fix the arguments above and run it again",
      "",
    ].join("\n"));
  }, 180_000);

  it("takes 5,000 file arguments (a 300 KiB command line), each file imported once", async () => {
    const args = Array.from({ length: 5000 }, (_, i) => `./aoc/${i % 3 === 0 ? "" : "../aoc/"}${PAGES[2]}`);
    expect(args.join(" ").length).toBeGreaterThan(128 * 1024);
    const many = await cli(["gepnic", ...args, "--source", "many", "--dry-run"]);
    expect(many.code).toBe(0);
    expect(many.stdout).toMatch(/^Importing 1 gepnic file\(s\)/);
    expect(totals(many.stdout)).toEqual([5, 1, 0, 0, 0, 0]);
  }, 180_000);

  it("reads more paths from --files-from - (standard input), as `find … | npm run import -- gepnic --files-from -` gives them", async () => {
    const listed = await cli(["gepnic", "--files-from", "-", "--source", "listed", "--dry-run"], `aoc/2022/${PAGES[0]}\naoc/2023\n\npages.zip\n`);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^Importing 5 gepnic file\(s\)/);
    // The zip holds the same pages again: in one run, the second copy of a page is unchanged.
    expect(totals(listed.stdout)).toEqual([23, 3, 0, 2, 0, 0]);
  }, 180_000);
});
