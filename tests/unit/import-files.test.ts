// What `npm run import` imports from its arguments (server/ingest/import-files.ts): folders walked
// recursively, quoted globs, zip archives through the zip guard, on the real GePNIC sample pages.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.js";
import { findImportFiles, readFileList, walkFolder } from "../../server/ingest/import-files.js";
import { lieAboutSize, zipOf } from "../api/hostile-zips.js";

const GEPNIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/import/gepnic");
const PAGES = ["final_2022_CD_25879_1.csv", "final_2023_WREAP_32455_1.csv", "final_2024_PWD_35115_146.csv"];
const page = (name: string) => fs.readFileSync(path.join(GEPNIC, name));
const limits = loadConfig().importLimits;
let root: string;

/** Writes files (path → content) under the test's folder. */
function put(entries: Record<string, Buffer | string>) {
  for (const [name, data] of Object.entries(entries)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), data);
  }
}
const find = (kind: Parameters<typeof findImportFiles>[0], args: string[]) => findImportFiles(kind, args, limits, root);
/** The archive with an entry's name changed in its local header and directory (yazl refuses "../" names). */
function renamed(zip: Buffer, from: string, to: string): Buffer {
  const out = Buffer.from(zip.toString("latin1").split(from).join(to), "latin1");
  if (from.length !== to.length || out.equals(zip)) throw new Error("renamed: same length, present");
  return out;
}
const names = (r: { files: { name?: string }[] }) => r.files.map((f) => f.name);

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "import-files-test-"));
  put({
    "aoc/2022/final_2022_CD_25879_1.csv": page(PAGES[0]),
    "aoc/2023/final_2023_WREAP_32455_1.csv": page(PAGES[1]),
    "aoc/final_2024_PWD_35115_146.csv": page(PAGES[2]),
    "aoc/README.txt": "not a page",
    "aoc/.partial.csv": "hidden: a download in progress",
    "empty/notes.txt": "nothing to import",
    "releases/one.json": "{}",
    "releases/two.jsonl": "{}\n",
    "pages.zip": await zipOf([
      ...PAGES.map((p) => ({ name: `aoc/${p}`, data: page(p) })),
      { name: "aoc/readme.txt", data: "left out" },
      { name: "__MACOSX/aoc/._final_2022_CD_25879_1.csv", data: "resource fork" },
    ]),
    "escape.zip": renamed(await zipOf([{ name: "zz/zz/escape.csv", data: page(PAGES[0]) }]), "zz/zz/escape.csv", "../../escape.csv"),
    "bomb.zip": await zipOf([{ name: "big.csv", data: Buffer.alloc(20 * 1024 * 1024, 0x30) }]),
    "liar.zip": lieAboutSize(await zipOf([{ name: "page.csv", data: page(PAGES[0]) }]), "page.csv", 100),
    "nothing.zip": await zipOf([{ name: "a.txt", data: "x" }]),
  });
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("findImportFiles", () => {
  it("walks a folder recursively, keeping the kind's files in natural order, leaving out others and hidden ones", async () => {
    const r = await find("gepnic", ["aoc"]);
    expect(r.problems).toEqual([]);
    expect(names(r)).toEqual(["aoc/2022/final_2022_CD_25879_1.csv", "aoc/2023/final_2023_WREAP_32455_1.csv", "aoc/final_2024_PWD_35115_146.csv"]);
    expect(r.files.every((f) => path.isAbsolute(f.path) && fs.existsSync(f.path))).toBe(true);
  });

  it("picks by the kind's extensions: ocds reads .json and JSON Lines", async () => {
    expect(names(await find("ocds", ["releases"]))).toEqual(["releases/one.json", "releases/two.jsonl"]);
    expect((await find("gepnic", ["releases"])).problems).toEqual(["releases: the folder holds no .csv or .zip file"]);
  });

  it("matches a quoted glob, folders it matches walked too; each file once however often it is named", async () => {
    const r = await find("gepnic", ["aoc/**/final_202[23]_*.csv", "aoc/2022", "aoc/2022/final_2022_CD_25879_1.csv"]);
    expect(r.problems).toEqual([]);
    expect(names(r)).toEqual(["aoc/2022/final_2022_CD_25879_1.csv", "aoc/2023/final_2023_WREAP_32455_1.csv"]);
    expect(names(await find("gepnic", ["ao?"]))).toHaveLength(3);
  });

  it("takes a file named explicitly whatever its extension, and passes a missing one on for the run to report", async () => {
    const r = await find("gepnic", ["aoc/README.txt", "missing.csv"]);
    expect(r.problems).toEqual([]);
    expect(names(r)).toEqual(["aoc/README.txt", "missing.csv"]);
  });

  it("extracts a zip's files of the kind under their entry names, and cleans up", async () => {
    const r = await find("gepnic", ["pages.zip"]);
    expect(r.problems).toEqual([]);
    expect(names(r)).toEqual(PAGES.map((p) => `pages.zip:aoc/${p}`));
    // Entry names are not used as paths: every file lands in the one extraction folder.
    const dir = path.dirname(r.files[0].path);
    expect(r.files.every((f) => path.dirname(f.path) === dir)).toBe(true);
    expect(fs.readFileSync(r.files[0].path)).toEqual(page(PAGES[0]));
    r.cleanup();
    expect(fs.existsSync(dir)).toBe(false);
  });

  it("refuses zip bombs and lying archives through the zip guard, and says what gave nothing", async () => {
    const r = await find("gepnic", ["bomb.zip", "liar.zip", "escape.zip", "nothing.zip", "empty", "aoc/*.json", "nowhere/*.csv"]);
    expect(r.files).toEqual([]);
    expect(r.problems).toEqual([
      "bomb.zip: the archive declares more than 100 times its own size (a compression ratio only a zip bomb has)",
      expect.stringMatching(/^liar\.zip: the archive entry 'page\.csv' holds more than the 100 bytes its header declares/),
      "escape.zip: not a readable zip archive (invalid relative path: ../../escape.csv)",
      "nothing.zip: the archive holds no .csv file",
      "empty: the folder holds no .csv or .zip file",
      "aoc/*.json: matches no file",
      "nowhere/*.csv: matches no file",
    ]);
  });

  it("bounds a zip by the configured limits: entries", async () => {
    const r = await findImportFiles("gepnic", ["pages.zip"], { ...limits, zipMaxEntries: 3 }, root);
    expect(r.problems).toEqual(["pages.zip: the archive lists 5 entries; at most 3 are allowed"]);
  });
});

describe("walkFolder", () => {
  it("follows a link to a folder once, not round a loop", () => {
    fs.symlinkSync(path.join(root, "aoc"), path.join(root, "aoc/2023/loop"));
    try {
      expect(walkFolder("aoc", root).filter((f) => f.endsWith(".csv"))).toHaveLength(3);
    } finally {
      fs.unlinkSync(path.join(root, "aoc/2023/loop"));
    }
  });
});

describe("readFileList", () => {
  it("reads one path a line (CRLF too, blank lines left out, spaces kept) or NUL-separated", () => {
    put({ "list.txt": "aoc/a b.csv\r\n\naoc/*.csv\n", "list0": "x\ny.csv\0z.csv\0" });
    expect(readFileList(path.join(root, "list.txt"))).toEqual(["aoc/a b.csv", "aoc/*.csv"]);
    expect(readFileList(path.join(root, "list0"))).toEqual(["x\ny.csv", "z.csv"]);
  });
});
