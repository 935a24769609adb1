// Uploads are bounded before they are parsed (server/ingest/importers/zip-guard.ts, xlsx-rows.ts,
// server/modules/imports/routes.ts): an upload over the size limit is 413; a zip (XLSX) with too
// many entries, sizes its headers lie about, a bomb's ratio, a declared size over the cap, or
// data its directory does not list is refused with its reason before any parser reads it (400 at
// upload; a failed file in the command line's report); a workbook that exhausts the parsing
// worker's heap fails its own run with the reason while the API answers other requests; a real
// MCA workbook still imports under the same limits; no upload or scratch file is left behind,
// also when the server closes during an import, and what a killed process left is swept at start.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type ImportLimits } from "../../server/config.js";
import { fx, run } from "../fixtures/import/helpers.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { hideEntry, lieAboutSize, wideWorkbook, workbook, zipOf } from "./hostile-zips.js";
import { uploadImport, waitForRun } from "./imports-upload.js";

const MB = 1024 * 1024;
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-test-"));
/** The defaults, but a 6 MB upload limit and a 24 MB parsing heap, so hostile files stay small. */
const limits: ImportLimits = { ...loadConfig({}).importLimits, uploadMaxBytes: 12 * MB, workerHeapMb: 24, tempDir };
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

let t: TestContext;
let staff: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp({ importLimits: limits });
  const user = await createUser(t.db, { email: `uploads-${Date.now()}@infrascout.in`, endDate: null });
  staff = bearer(await login(t.app, user.email, user.password));
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

/** Files and folders left in the import temp folder. */
const leftovers = () => fs.readdirSync(tempDir, { recursive: true });
const runCount = async () => (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM import_runs")).rows[0].n;

/** Asks for the list of imports again and again while `busy`; answers each answer's status and time. */
async function answeredWhile(busy: () => boolean): Promise<{ status: number; ms: number }[]> {
  const answered: { status: number; ms: number }[] = [];
  while (busy()) {
    const started = Date.now();
    const res = await t.app.inject({ method: "GET", url: "/api/imports/", headers: staff });
    answered.push({ status: res.statusCode, ms: Date.now() - started });
    await new Promise((r) => setTimeout(r, 20));
  }
  return answered;
}

/** Requests were answered meanwhile, each promptly (the API's thread never parsed the workbook). */
function expectPrompt(answered: { status: number; ms: number }[]) {
  expect(answered.length).toBeGreaterThan(2);
  for (const a of answered) {
    expect(a.status).toBe(200);
    expect(a.ms).toBeLessThan(2000);
  }
}

/** Uploads as an MCA company master; answers the status and body. */
async function uploadMca(name: string, content: Buffer) {
  const res = await uploadImport(t.app, staff, { kind: "mca" }, { name, content, type: XLSX });
  return { status: res.statusCode, body: res.json() };
}

describe("the upload itself is bounded", () => {
  it("a file over IMPORT_UPLOAD_MAX_MB answers 413 with the limit, starts no run and leaves no file", async () => {
    const before = await runCount();
    const res = await uploadImport(t.app, staff, { kind: "tenders-csv" }, { name: "big.csv", content: Buffer.alloc(12 * MB + 1024, 0x61) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: "The file may be at most 12 MB. Import larger files with npm run import on the server." });
    expect(await runCount()).toBe(before);
    await expect.poll(leftovers, { timeout: 5000 }).toEqual([]); // removed as the run ends (just after its status is written)
  });
});

describe("a zip is checked before any parser reads it", () => {
  it("more entries than IMPORT_ZIP_MAX_ENTRIES (10,000): refused at upload, and the command line reports it as a failed file", async () => {
    const many = await zipOf(Array.from({ length: 10_001 }, (_, i) => ({ name: `e${i}.txt`, data: "", store: true })));
    const before = await runCount();
    expect(await uploadMca("many.xlsx", many)).toEqual({ status: 400, body: { file: ["cannot read many.xlsx: the archive lists 10,001 entries; at most 10,000 are allowed"] } });
    expect(await runCount()).toBe(before);
    // The command line runs the same check (runImport with the configured limits).
    const file = path.join(tempDir, "many.xlsx");
    fs.writeFileSync(file, many);
    try {
      const report = await run(t.db, "mca", [file], { limits });
      expect(report.failed_files).toBe(1);
      expect(report.files[0].error).toBe("cannot read many.xlsx: the archive lists 10,001 entries; at most 10,000 are allowed");
    } finally {
      fs.rmSync(file);
    }
    await expect.poll(leftovers, { timeout: 5000 }).toEqual([]); // removed as the run ends (just after its status is written)
  });

  it("an entry whose directory and local header declare 1,000 bytes but that inflates to 3 MB is refused on the bytes counted", async () => {
    const honest = await zipOf([{ name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(3 * MB, 0x20) }]);
    const lying = lieAboutSize(honest, "xl/worksheets/sheet1.xml", 1000);
    expect(await uploadMca("lying.xlsx", lying)).toEqual({
      status: 400,
      body: { file: ["cannot read lying.xlsx: the archive entry 'xl/worksheets/sheet1.xml' holds more than the 1,000 bytes its header declares (a damaged or hostile archive)"] },
    });
    await expect.poll(leftovers, { timeout: 5000 }).toEqual([]); // removed as the run ends (just after its status is written)
  });

  it("a bomb (50 MB of zeros in a few kB: over IMPORT_ZIP_MAX_RATIO) and a declared size over IMPORT_ZIP_MAX_UNCOMPRESSED_MB are refused", async () => {
    const bomb = await zipOf([{ name: "xl/sharedStrings.xml", data: Buffer.alloc(50 * MB) }]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await uploadMca("bomb.xlsx", bomb)).toEqual({
      status: 400,
      body: { file: ["cannot read bomb.xlsx: the archive declares more than 100 times its own size (a compression ratio only a zip bomb has)"] },
    });
    // Declared 600 MB in a file big enough for the ratio: the absolute cap speaks.
    const stored = await zipOf([{ name: "xl/styles.xml", data: Buffer.alloc(3.5 * MB, 0x20), store: true }]);
    const huge = lieAboutSize(stored, "xl/styles.xml", 600 * MB);
    expect(await uploadMca("huge.xlsx", huge)).toEqual({
      status: 400,
      body: { file: ["cannot read huge.xlsx: the archive declares more than 500 MB uncompressed; at most that may be imported"] },
    });
    await expect.poll(leftovers, { timeout: 5000 }).toEqual([]); // removed as the run ends (just after its status is written)
  });

  it("data the directory does not list (a streaming parser would read it) is refused", async () => {
    const withHidden = await zipOf([
      { name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(1 * MB, 0x20) },
      { name: "[Content_Types].xml", data: "<Types/>" },
    ]);
    const hidden = hideEntry(withHidden, "xl/worksheets/sheet1.xml");
    expect(await uploadMca("hidden.xlsx", hidden)).toEqual({
      status: 400,
      body: { file: ["cannot read hidden.xlsx: the archive holds data its directory does not list (a damaged or hostile archive)"] },
    });
    await expect.poll(leftovers, { timeout: 5000 }).toEqual([]); // removed as the run ends (just after its status is written)
  });
});

describe("a workbook is parsed in a worker with a bounded heap", () => {
  it("one whose first rows need more than IMPORT_WORKER_HEAP_MB is refused at upload with the reason while the API answers", async () => {
    const wide = await wideWorkbook(8000, 2000, 0); // one row of 16 MB of text: far more than 24 MB of parsed cells
    expect(wide.length).toBeLessThan(limits.uploadMaxBytes);
    const before = await runCount();
    let uploading = true;
    const upload = uploadMca("wide.xlsx", wide).finally(() => (uploading = false));
    const answered = await answeredWhile(() => uploading);
    expect(await upload).toEqual({
      status: 400,
      body: { file: ["cannot read wide.xlsx: the workbook needs more memory than an import may use (24 MB); save it as CSV or split it, and import that"] },
    });
    expectPrompt(answered);
    expect(await runCount()).toBe(before);
    await expect.poll(leftovers, { timeout: 5000 }).toEqual([]); // removed as the run ends (just after its status is written)
  }, 60_000);

  it("one that runs out of the worker's heap part-way fails its run with the reason in its report while the API answers", async () => {
    const wide = await wideWorkbook(8000, 2000, 600); // 600 rows (rejected: no valid CIN) before the wide one
    const res = await uploadMca("wide-later.xlsx", wide);
    expect(res.status).toBe(202);
    let running = true;
    const finished = waitForRun(t.app, staff, res.body.run_id).finally(() => (running = false));
    const answered = await answeredWhile(() => running);
    const { run: done } = await finished;
    expectPrompt(answered);
    expect(done.report.failed_files).toBe(1);
    expect(done.report.files[0].error).toBe(
      "cannot read wide-later.xlsx: the workbook needs more memory than an import may use (24 MB); save it as CSV or split it, and import that",
    );
    expect((await t.app.inject({ method: "GET", url: "/api/health/" })).statusCode).toBe(200);
    await expect.poll(leftovers, { timeout: 5000 }).toEqual([]); // removed as the run ends (just after its status is written)
  }, 60_000);

  it("a real MCA company master XLSX still imports under the same limits", async () => {
    const res = await uploadMca("company-master.xlsx", fs.readFileSync(fx("mca", "company-master.xlsx")));
    expect(res.status).toBe(202);
    const { run: done } = await waitForRun(t.app, staff, res.body.run_id);
    expect(done.status).toBe("done");
    expect(done.report).toMatchObject({ failed_files: 0, totals: { read: 3 } });
    expect(done.report.totals.created).toBeGreaterThan(0);
    await expect.poll(leftovers, { timeout: 5000 }).toEqual([]); // removed as the run ends (just after its status is written)
  });

  it("the server closing during a workbook import removes the upload and the worker's scratch files; leftovers of a dead process are swept at start", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-close-"));
    // What a process killed mid-import two days ago left: swept when the server starts.
    const stale = path.join(dir, "infrascout-xlsx-dead");
    fs.mkdirSync(stale);
    fs.writeFileSync(path.join(stale, "tmp-1-spill"), "x");
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    fs.utimesSync(stale, twoDaysAgo, twoDaysAgo);
    const other = await startTestApp({ importLimits: { ...limits, tempDir: dir } });
    expect(fs.existsSync(stale)).toBe(false);
    try {
      const user = await createUser(other.db, { email: `uploads-close-${Date.now()}@infrascout.in`, endDate: null });
      const headers = bearer(await login(other.app, user.email, user.password));
      const rows = [["CIN", "CompanyName"], ...Array.from({ length: 100 }, (_, i) => [`U45200MH2007PTC${String(100000 + i)}`, `Closing Test ${i} Pvt Ltd`])];
      const res = await uploadImport(other.app, headers, { kind: "mca" }, { name: "closing.xlsx", content: await workbook(rows), type: XLSX });
      expect(res.statusCode).toBe(202);
      // The worker is at work: its scratch folder exists next to the upload.
      expect(fs.readdirSync(dir).some((f) => f.startsWith("infrascout-import-"))).toBe(true);
    } finally {
      await other.close();
    }
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
