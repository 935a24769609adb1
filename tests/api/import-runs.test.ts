// Import runs: all or nothing, one transaction for the whole import (a crash mid-file leaves
// nothing of it, a re-run imports it all), dry runs, import_runs / import_rejects / audit_log, the command line, and the
// staff upload endpoint (POST/GET /api/imports/; uploads run as jobs: imports-jobs.test.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileError } from "../../server/ingest/importers/json.js";
import { MAX_IMPORT_UPLOAD_BYTES } from "../../server/modules/imports/routes.js";
import { fx, REPO_ROOT, resetImports, run, snapshot, tenderView } from "../fixtures/import/helpers.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { importAndWait, uploadImport } from "./imports-upload.js";
import { runImportCli } from "../support/import-cli.js";

let t: TestContext;
let staffToken: string;
let staffId: number;
let subscriberToken: string;
beforeAll(async () => {
  t = await startTestApp();
  const staff = await createUser(t.db, { email: `importer-${Date.now()}@infrascout.in`, endDate: null });
  staffId = staff.id;
  staffToken = await login(t.app, staff.email, staff.password);
  const sub = await createUser(t.db);
  subscriberToken = await login(t.app, sub.email, sub.password);
});
afterAll(() => t.close());

/** A tenders CSV of n tenders (ocid crash:1 … crash:n), one row each. */
function tendersCsv(n: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-crash-"));
  const file = path.join(dir, "tenders.csv");
  const rows = ["ocid,title,org_name,value,tender_status"];
  for (let i = 1; i <= n; i++) rows.push(`crash:${i},Tender number ${i},Test Org,"${i},00,000",Live`);
  fs.writeFileSync(file, rows.join("\n") + "\n");
  return file;
}

describe("all or nothing: one transaction for the whole import", () => {
  it("a crash in the 2nd tender (row written, bidders not yet) leaves nothing of any file, the 1st tender included; a re-run imports them all", async () => {
    await resetImports(t.db);
    const gepnic = [fx("gepnic", "final_2022_CD_25879_1.csv"), fx("gepnic", "final_2023_WREAP_32455_1.csv"), fx("gepnic", "final_2024_PWD_35115_146.csv")];
    // GePNIC: crash on the 2nd tender after its row is written, before its documents and bidders.
    const err = await run(t.db, "gepnic", gepnic, {
      source: "assam",
      hooks: { afterTenderRow: (n) => { if (n === 2) throw new Error("simulated crash"); } },
    }).catch((e) => e);
    const message = "The import stopped at an error and nothing was changed: simulated crash. Fix the cause and import the file again.";
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe(message);
    expect(err.report).toMatchObject({ status: "failed", error: message, totals: { created: 0 }, companies: { created: 0 } });
    for (const table of ["tenders", "results", "result_bidders", "companies", "import_items"]) {
      expect({ table, rows: (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n }).toEqual({ table, rows: 0 });
    }
    const failed = (await t.db.query<{ status: string; error: string }>("SELECT status, error FROM import_runs ORDER BY id DESC LIMIT 1")).rows[0];
    expect(failed).toEqual({ status: "failed", error: message });

    const again = await run(t.db, "gepnic", gepnic, { source: "assam" });
    expect(again.totals).toMatchObject({ created: 3, unchanged: 0, rejected: 0 });
    expect((await tenderView(t.db, "assam:2023_WREAP_32455_1"))!.bidders).toHaveLength(4);
  });

  it("the same with many tenders in one CSV: none of the tenders before the crash exist; the re-run creates all", async () => {
    await resetImports(t.db);
    const file = tendersCsv(10);
    await expect(run(t.db, "tenders-csv", [file], { hooks: { afterTenderRow: (n) => { if (n === 4) throw new Error("boom"); } } })).rejects.toThrow("nothing was changed: boom");
    expect((await t.db.query("SELECT ocid FROM tenders")).rows).toEqual([]);
    const r = await run(t.db, "tenders-csv", [file]);
    expect(r.totals).toEqual({ read: 10, created: 10, updated: 0, unchanged: 0, skipped: 0, rejected: 0 });
    expect((await t.db.query("SELECT count(*)::int AS n FROM tenders")).rows[0].n).toBe(10);
  });

  it("a row the database refuses is rejected alone; a file unreadable part-way is undone alone, the other files stay", async () => {
    await resetImports(t.db);
    const first = tendersCsv(3);
    const second = path.join(path.dirname(tendersCsv(1)), "second.csv");
    fs.writeFileSync(second, "ocid,title,org_name,value,tender_status\nlater:1,Later one,Test Org,100,Live\nlater:2,Later two,Test Org,200,Live\n");
    // The database refuses crash:2 (a constraint of its own); the second file stops being
    // readable at its 2nd tender, after its 1st was written.
    await t.db.exec(`
      CREATE OR REPLACE FUNCTION test_refuse_tender() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.ocid = 'crash:2' THEN RAISE EXCEPTION 'refused for the test' USING ERRCODE = 'check_violation'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_refuse_tender BEFORE INSERT ON tenders FOR EACH ROW EXECUTE FUNCTION test_refuse_tender();`);
    let r;
    try {
      r = await run(t.db, "tenders-csv", [first, second], {
        hooks: { afterTenderRow: (_n, ocid) => { if (ocid === "later:2") throw new FileError("the disk went away"); } },
      });
    } finally {
      await t.db.exec("DROP TRIGGER IF EXISTS test_refuse_tender ON tenders");
    }
    expect(r.status).toBe("done");
    expect(r.rejects.map((x) => [x.row, x.reason])).toEqual([
      [3, "the database refused it: refused for the test"],
      [null, "cannot read second.csv: the disk went away (nothing from this file was written)"],
    ]);
    expect(r.files.map((f) => [f.file, f.created, f.rejected, f.error ?? "ok"])).toEqual([
      ["tenders.csv", 2, 1, "ok"],
      ["second.csv", 0, 0, "cannot read second.csv: the disk went away (nothing from this file was written)"],
    ]);
    expect((await t.db.query("SELECT ocid FROM tenders ORDER BY ocid")).rows).toEqual([{ ocid: "crash:1" }, { ocid: "crash:3" }]);
  });
});

describe("dry run, records and audit", () => {
  it("--dry-run reports what would happen and writes nothing but the run record", async () => {
    await resetImports(t.db);
    const before = await snapshot(t.db);
    const r = await run(t.db, "gepnic", [fx("gepnic", "final_2022_CD_25879_1.csv")], { dryRun: true, source: "assam" });
    expect(r).toMatchObject({ dry_run: true, status: "done", totals: { created: 1 } });
    expect(await snapshot(t.db)).toEqual(before);
    const rec = (await t.db.query<{ dry_run: boolean; status: string }>("SELECT dry_run, status FROM import_runs WHERE id = $1", [r.run_id])).rows[0];
    expect(rec).toEqual({ dry_run: true, status: "done" });
  });

  it("records the run, every reject and an audit entry", async () => {
    const r = await run(t.db, "tenders-csv", [fx("crafted", "tenders.csv")], { userId: staffId, actor: "tester" });
    const row = (await t.db.query<{ kind: string; files: string[]; user_id: number; actor: string; status: string; report: { totals: unknown } }>(
      "SELECT kind, files, user_id, actor, status, report FROM import_runs WHERE id = $1", [r.run_id])).rows[0];
    expect(row).toMatchObject({ kind: "tenders-csv", files: ["tenders.csv"], user_id: staffId, actor: "tester", status: "done" });
    expect(row.report.totals).toEqual(r.totals);
    const rejects = (await t.db.query("SELECT file, row_number, item_key, reason FROM import_rejects WHERE run_id = $1 ORDER BY id", [r.run_id])).rows;
    expect(rejects).toEqual([
      { file: "tenders.csv", row_number: 4, item_key: "cppp:2025_CPWD_2003_1", reason: expect.stringMatching(/^tender_status 'Open' is not one of Live, Closed, AOC/) },
      { file: "tenders.csv", row_number: 5, item_key: null, reason: "ocid is required" },
    ]);
    const audit = (await t.db.query<{ actor_id: number; action: string; details: { kind: string; totals: unknown } }>(
      "SELECT actor_id, action, details FROM audit_log WHERE item_type = 'import_run' AND item_id = $1", [r.run_id])).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: staffId, action: "import", details: { kind: "tenders-csv", totals: r.totals } });
  });
});

describe("npm run import", () => {
  const cli = (args: string[], env: Record<string, string>) => runImportCli(args, { cwd: REPO_ROOT, env, timeout: 120_000 });

  it("imports into the embedded database, prints the report; re-import is unchanged; exit codes", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "import-cli-"));
    // With DATABASE_URL set the command line would write to the shared server database: use PGlite here.
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    const first = await cli(["gepnic", fx("gepnic", "final_2024_PWD_35115_146.csv"), fx("crafted", "gepnic-variant-crlf.csv"), "--source", "demo"], env);
    // One row rejected: exit status 1 (progress lines only on a terminal: tests/api/import-cli.test.ts).
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/final_2024_PWD_35115_146\.csv: read 5, created 1/);
    expect(first.stdout).toMatch(/read 11 {2}created 2 {2}updated 0 {2}unchanged 0 {2}skipped 0 {2}rejected 1/);
    expect(first.stdout).toContain("gepnic-variant-crlf.csv, row 7 [2024_KWA_681299_1]: Publish Date '31-Feb-2024 10:00 AM' is not a valid date");
    const second = await cli(["gepnic", fx("gepnic", "final_2024_PWD_35115_146.csv"), "--source", "demo"], env);
    expect(second.stdout).toMatch(/created 0 {2}updated 0 {2}unchanged 1/);
    expect(second.stdout).toContain("Nothing changed: every tender in the files is already imported exactly as it is.");
    expect(second.code).toBe(0);
    const badState = await cli(["gepnic", fx("gepnic", "final_2024_PWD_35115_146.csv"), "--state", "Londonshire"], env);
    expect(badState.code).toBe(2);
    expect(badState.stderr).toContain("--state needs the name of an Indian state or union territory, e.g. --state Assam");
    const missing = await cli(["gepnic", path.join(dataDir, "nope.csv")], env);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain("cannot read");
    const usage = await cli(["spreadsheet", "x.csv"], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("unknown kind 'spreadsheet'");
  }, 180_000);
});

describe("POST /api/imports/ (staff upload)", () => {
  const upload = (token: string, fields: Record<string, string>, file?: { name: string; content: Buffer | string }) => uploadImport(t.app, bearer(token), fields, file);
  /** Uploads, polls the run until it has finished and answers its report (what POST answered before uploads became jobs). */
  const importReport = async (token: string, fields: Record<string, string>, file: { name: string; content: Buffer | string }) =>
    (await importAndWait(t.app, bearer(token), fields, file)).report;
  const gepnicFile = () => ({ name: "final_2022_CD_25879_1.csv", content: fs.readFileSync(fx("gepnic", "final_2022_CD_25879_1.csv")) });

  it("runs the importer; polling the run gives the report; the run is listed and readable", async () => {
    await resetImports(t.db);
    const report = await importReport(staffToken, { kind: "gepnic", source: "assam", state: "Assam" }, gepnicFile());
    expect(report).toMatchObject({ kind: "gepnic", source: "assam", status: "done", totals: { read: 4, created: 1, rejected: 0 }, files: [{ file: "final_2022_CD_25879_1.csv" }] });
    expect((await tenderView(t.db, "assam:2022_CD_25879_1"))!.tender).toMatchObject({ state: "Assam", tender_status: "AOC" });
    const again = await importReport(staffToken, { kind: "gepnic", source: "assam", state: "assam" }, gepnicFile());
    expect(again.totals).toMatchObject({ created: 0, unchanged: 1 });
    expect(again.place).toEqual({ state_option: "Assam", fallback: 0, disagreed: 0 }); // the page's organisation chain names Assam

    const list = await t.app.inject({ method: "GET", url: "/api/imports/", headers: bearer(staffToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json().results[0]).toMatchObject({ id: again.run_id, kind: "gepnic", files: ["final_2022_CD_25879_1.csv"], user_id: staffId, dry_run: false, status: "done", totals: again.totals });
    const one = await t.app.inject({ method: "GET", url: `/api/imports/${report.run_id}/`, headers: bearer(staffToken) });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: report.run_id, report: { totals: report.totals }, rejects: [] });
    const audit = (await t.db.query("SELECT actor_id, action FROM audit_log WHERE item_type = 'import_run' AND item_id = $1", [report.run_id])).rows;
    expect(audit).toEqual([{ actor_id: staffId, action: "import" }]);
  });

  it("reports rejected rows with their row numbers; dry_run writes nothing", async () => {
    const report = await importReport(staffToken, { kind: "tenders-csv", dry_run: "true" }, { name: "tenders.csv", content: fs.readFileSync(fx("crafted", "tenders.csv")) });
    expect(report).toMatchObject({ dry_run: true, totals: { created: 3, rejected: 2 }, rejects: [{ row: 4 }, { row: 5 }] });
    expect(await tenderView(t.db, "cppp:2025_NHAI_1001_1")).toBeNull();
    const one = (await t.app.inject({ method: "GET", url: `/api/imports/${report.run_id}/`, headers: bearer(staffToken) })).json();
    expect(one.rejects.map((r: { row: number }) => r.row)).toEqual([4, 5]);
  });

  it("bad input, refused before any run starts: no kind, unknown kind, no file, a file not of its kind (400); too large (413)", async () => {
    const runsBefore = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM import_runs")).rows[0].n;
    expect((await upload(staffToken, {}, gepnicFile())).json()).toEqual({ kind: ["This field is required."] });
    expect((await upload(staffToken, { kind: "xlsx" }, gepnicFile())).json()).toEqual({ kind: ["Must be one of: ocds, gepnic, tenders-csv, tenders-json, results-csv, results-json, mca."] });
    const badState = await upload(staffToken, { kind: "gepnic", state: "Narnia" }, gepnicFile());
    expect(badState.statusCode).toBe(400);
    expect(badState.json()).toEqual({ state: ["Must be the name of an Indian state or union territory."] });
    const none = await upload(staffToken, { kind: "gepnic" });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ file: ["No file was submitted."] });
    const wrong = await upload(staffToken, { kind: "gepnic" }, { name: "x.csv", content: "a,b\n1,2\n" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ file: ["cannot read x.csv: not a GePNIC award-of-contract CSV: no 'Tender ID' column"] });
    const notJson = await upload(staffToken, { kind: "tenders-json" }, { name: "x.json", content: "{ not json" });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().file[0]).toMatch(/^cannot read x\.json: not valid JSON/);
    const notMultipart = await t.app.inject({ method: "POST", url: "/api/imports/", headers: bearer(staffToken), payload: { kind: "gepnic" } });
    expect(notMultipart.statusCode).toBe(400);
    const big = await upload(staffToken, { kind: "tenders-csv" }, { name: "big.csv", content: Buffer.alloc(MAX_IMPORT_UPLOAD_BYTES + 1024, 0x61) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: "The file may be at most 20 MB. Import larger files with npm run import on the server." });
    expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM import_runs")).rows[0].n).toBe(runsBefore);
  });

  it("403 for subscribers, 401 without a token, 404 for an unknown run", async () => {
    expect((await upload(subscriberToken, { kind: "gepnic" }, gepnicFile())).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/imports/", headers: bearer(subscriberToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/imports/1/", headers: bearer(subscriberToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/imports/" })).statusCode).toBe(401);
    const nf = await t.app.inject({ method: "GET", url: "/api/imports/999999/", headers: bearer(staffToken) });
    expect(nf.statusCode).toBe(404);
    expect(nf.json()).toEqual({ detail: "Import not found." });
  });
});
