// Staff uploads run as jobs: POST /api/imports/ answers 202 with the run id at once; the run
// records its progress (rows read of rows counted, bytes) while it goes and GET imports/{id}/
// shows it, while other requests are still answered; an import is all or nothing: a database
// failure mid-import leaves the run failed, saying nothing was changed, and no tender of the
// file written; the same file cannot run twice at once; a run whose process died is
// marked failed; unknown runs 404; subscribers 403.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_JOB_MESSAGES } from "../../server/modules/imports/jobs.js";
import { resetImports, tenderView } from "../fixtures/import/helpers.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { uploadImport, waitForRun } from "./imports-upload.js";

let t: TestContext;
let staffHeaders: Record<string, string>;
let subscriberHeaders: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  const staff = await createUser(t.db, { email: `jobs-${Date.now()}@infrascout.in`, endDate: null });
  staffHeaders = bearer(await login(t.app, staff.email, staff.password));
  const sub = await createUser(t.db);
  subscriberHeaders = bearer(await login(t.app, sub.email, sub.password));
});
afterAll(() => t.close());

/** Our tenders CSV with n tenders, ocids prefix:1 … prefix:n. */
function tendersCsv(prefix: string, n: number): { name: string; content: string } {
  const rows = ["ocid,title,org_name,value,tender_status"];
  for (let i = 1; i <= n; i++) rows.push(`${prefix}:${i},Tender number ${i},Test Org,${i * 1000},Live`);
  return { name: `${prefix}.csv`, content: rows.join("\n") + "\n" };
}

/** A database trigger on new tenders: a real failure or delay inside the importer's transaction. */
async function onTenderInsert(body: string) {
  await t.db.exec(`
    CREATE OR REPLACE FUNCTION test_on_tender_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NEW; END $$;
    DROP TRIGGER IF EXISTS test_on_tender_insert ON tenders;
    CREATE TRIGGER test_on_tender_insert BEFORE INSERT ON tenders FOR EACH ROW EXECUTE FUNCTION test_on_tender_insert();`);
}
const dropTrigger = () => t.db.exec("DROP TRIGGER IF EXISTS test_on_tender_insert ON tenders");

describe("an upload is a job", () => {
  it("answers 202 with the run id at once; polling shows rows read of rows counted while it runs, then the report", async () => {
    await resetImports(t.db);
    // Every 10th tender takes 0.1 s more: the run lasts seconds, as a large file does.
    await onTenderInsert(`IF NEW.ocid LIKE '%0' THEN PERFORM pg_sleep(0.1); END IF;`);
    try {
      const file = tendersCsv("progress", 300);
      const res = await uploadImport(t.app, staffHeaders, { kind: "tenders-csv", source: "jobs" }, file);
      expect(res.statusCode).toBe(202);
      const { run_id: id, status } = res.json();
      expect(status).toBe("running");
      expect(res.headers.location).toBe(`/api/imports/${id}/`);
      // Nothing is written yet when the answer comes: the import runs after it.
      expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tenders")).rows[0].n).toBeLessThan(300);

      let duringRun: { list: { status: string; progress: { rows_read: number } } | undefined; tendersVisible: number | null } | null = null;
      const { run, seen } = await waitForRun(t.app, staffHeaders, id, {
        async whileRunning(r) {
          if (duringRun || r.progress.rows_read < 50) return;
          // Other requests are answered meanwhile: the list of runs shows this one going.
          const list = await t.app.inject({ method: "GET", url: "/api/imports/", headers: staffHeaders });
          expect(list.statusCode).toBe(200);
          // On PostgreSQL others read the database meanwhile and see none of the file's tenders
          // until the whole file is in (PGlite would make that read wait for the import's end).
          const tendersVisible = t.db.kind === "postgres" ? (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tenders")).rows[0].n : null;
          duringRun = { list: list.json().results.find((x: { id: number }) => x.id === id), tendersVisible };
        },
      });
      expect(duringRun).not.toBeNull();
      expect(duringRun!.list?.status).toBe("running");
      expect(duringRun!.list?.progress.rows_read).toBeGreaterThan(0);
      if (t.db.kind === "postgres") expect(duringRun!.tendersVisible).toBe(0);
      const midway = seen.filter((r) => r.status === "running" && r.progress.rows_read > 0 && r.progress.rows_read < 300);
      expect(midway.length).toBeGreaterThan(0);
      for (const r of midway) {
        expect(r.progress.rows_total).toBe(300);
        expect(r.progress.bytes_total).toBe(Buffer.byteLength(file.content));
        expect(r.progress.percent).toBe(Math.floor(r.progress.rows_read / 3));
        expect(r.report).toEqual({});
      }
      // Progress only goes forward.
      const read = seen.map((r) => r.progress.rows_read);
      expect(read).toEqual([...read].sort((a, b) => a - b));

      expect(run).toMatchObject({ id, status: "done", error: null, progress: { rows_read: 300, rows_total: 300, percent: 100 }, rejects: [] });
      expect(run.report).toMatchObject({ run_id: id, kind: "tenders-csv", source: "jobs", status: "done", totals: { read: 300, created: 300, rejected: 0 }, files: [{ file: "progress.csv", bytes: Buffer.byteLength(file.content) }] });
      expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tenders")).rows[0].n).toBe(300);
    } finally {
      await dropTrigger();
    }
  }, 180_000);

  it("the same file again while it runs is refused (409) and nothing is imported twice; once finished it may run again", async () => {
    await resetImports(t.db);
    await onTenderInsert(`IF NEW.ocid LIKE '%0' THEN PERFORM pg_sleep(0.05); END IF;`);
    try {
      const file = tendersCsv("twice", 200);
      const first = await uploadImport(t.app, staffHeaders, { kind: "tenders-csv" }, file);
      expect(first.statusCode).toBe(202);
      const id = first.json().run_id;
      const second = await uploadImport(t.app, staffHeaders, { kind: "tenders-csv", dry_run: "true" }, file);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ detail: `This file is already being imported (import #${id}). Wait until it has finished, then upload it again if you need to.` });
      // Another file meanwhile is fine.
      const other = await uploadImport(t.app, staffHeaders, { kind: "tenders-csv" }, tendersCsv("other", 3));
      expect(other.statusCode).toBe(202);

      expect((await waitForRun(t.app, staffHeaders, id)).run.report.totals).toMatchObject({ read: 200, created: 200 });
      expect((await waitForRun(t.app, staffHeaders, other.json().run_id)).run.report.totals).toMatchObject({ created: 3 });
      const again = await uploadImport(t.app, staffHeaders, { kind: "tenders-csv" }, file);
      expect(again.statusCode).toBe(202);
      expect((await waitForRun(t.app, staffHeaders, again.json().run_id)).run.report.totals).toMatchObject({ created: 0, unchanged: 200 });
      expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tenders WHERE ocid LIKE 'twice:%'")).rows[0].n).toBe(200);
    } finally {
      await dropTrigger();
    }
  }, 120_000);
});

describe("progress counts rows written", () => {
  // Plain tenders are written in batches (server/ingest/importers/bulk-tenders.ts), read ahead
  // of what is written: progress must not count rows read into a batch not yet written.
  it("never shows more rows than the tenders inserted so far, and still moves while a file is written", async () => {
    await resetImports(t.db);
    // A sequence counts inserted tenders outside the import's transaction (nextval is never rolled back).
    await t.db.exec("DROP SEQUENCE IF EXISTS test_tenders_inserted; CREATE SEQUENCE test_tenders_inserted");
    await onTenderInsert(`PERFORM nextval('test_tenders_inserted'); IF NEW.ocid LIKE '%0' THEN PERFORM pg_sleep(0.05); END IF;`);
    const shownAndInserted: [number, number][] = [];
    try {
      const res = await uploadImport(t.app, staffHeaders, { kind: "tenders-csv" }, tendersCsv("written", 300));
      expect(res.statusCode).toBe(202);
      const { run } = await waitForRun(t.app, staffHeaders, res.json().run_id, {
        async whileRunning(r) {
          const inserted = (await t.db.query<{ n: number }>("SELECT CASE WHEN is_called THEN last_value ELSE 0 END::int AS n FROM test_tenders_inserted")).rows[0].n;
          shownAndInserted.push([r.progress.rows_read, inserted]);
        },
      });
      expect(run.report.totals).toMatchObject({ read: 300, created: 300 });
    } finally {
      await dropTrigger();
      await t.db.exec("DROP SEQUENCE IF EXISTS test_tenders_inserted");
    }
    expect(shownAndInserted.filter(([shown]) => shown > 0 && shown < 300).length).toBeGreaterThan(1);
    for (const [shown, inserted] of shownAndInserted) expect(shown).toBeLessThanOrEqual(inserted);
  }, 120_000);

  it("a run failing in its first tender shows the rows written before it, none: 0 %, not 100 %", async () => {
    await resetImports(t.db);
    await onTenderInsert(`IF NEW.ocid = 'first:1' THEN RAISE EXCEPTION 'simulated storage failure'; END IF;`);
    let failed;
    try {
      const res = await uploadImport(t.app, staffHeaders, { kind: "tenders-csv" }, tendersCsv("first", 2));
      failed = (await waitForRun(t.app, staffHeaders, res.json().run_id)).run;
    } finally {
      await dropTrigger();
    }
    expect(failed).toMatchObject({ status: "failed", progress: { rows_read: 0, rows_total: 2, percent: 0 } });
  });
});

describe("a failing import", () => {
  it("a database failure in the 3rd tender: the run is failed saying nothing was changed, no tender of the file is written, a re-upload imports them all", async () => {
    await resetImports(t.db);
    await onTenderInsert(`IF NEW.ocid = 'crash:3' THEN RAISE EXCEPTION 'simulated storage failure'; END IF;`);
    const file = tendersCsv("crash", 5);
    let failed;
    try {
      const res = await uploadImport(t.app, staffHeaders, { kind: "tenders-csv" }, file);
      expect(res.statusCode).toBe(202);
      failed = (await waitForRun(t.app, staffHeaders, res.json().run_id)).run;
    } finally {
      await dropTrigger();
    }
    const message = "The import stopped at an error and nothing was changed: simulated storage failure. Fix the cause and import the file again.";
    expect(failed).toMatchObject({ status: "failed", error: message });
    expect(failed.report).toMatchObject({ status: "failed", error: message, totals: { read: 3, created: 0, updated: 0, unchanged: 0 } });
    expect(failed.progress.percent).toBeLessThan(100);
    // Tenders 1 and 2 were written before the failure, in the same transaction: undone with it.
    expect((await t.db.query("SELECT ocid FROM tenders ORDER BY id")).rows).toEqual([]);
    expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM import_items")).rows[0].n).toBe(0);

    const again = await uploadImport(t.app, staffHeaders, { kind: "tenders-csv" }, file);
    expect((await waitForRun(t.app, staffHeaders, again.json().run_id)).run.report.totals).toMatchObject({ created: 5, unchanged: 0 });
    expect((await t.db.query("SELECT ocid FROM tenders ORDER BY ocid")).rows).toEqual([1, 2, 3, 4, 5].map((i) => ({ ocid: `crash:${i}` })));
  }, 60_000);

  it("a run whose process died (no progress for 5 minutes) is shown failed with a message saying so", async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO import_runs (kind, files, status, progress_at, started_at) VALUES ('gepnic', '{lost.csv}', 'running', now() - interval '6 minutes', now() - interval '7 minutes') RETURNING id`,
    );
    const fresh = await t.db.query<{ id: number }>(`INSERT INTO import_runs (kind, files, status) VALUES ('gepnic', '{busy.csv}', 'running') RETURNING id`);
    const lost = (await t.app.inject({ method: "GET", url: `/api/imports/${rows[0].id}/`, headers: staffHeaders })).json();
    expect(lost).toMatchObject({ status: "failed", error: IMPORT_JOB_MESSAGES.stale });
    expect(IMPORT_JOB_MESSAGES.stale).toContain("no progress for 5 minutes");
    const busy = (await t.app.inject({ method: "GET", url: `/api/imports/${fresh.rows[0].id}/`, headers: staffHeaders })).json();
    expect(busy.status).toBe("running");
    await t.db.query("DELETE FROM import_runs WHERE id = $1", [fresh.rows[0].id]);
  });
});

describe("access", () => {
  it("unknown run 404; subscribers 403 on upload and on a run; no token 401", async () => {
    const nf = await t.app.inject({ method: "GET", url: "/api/imports/987654/", headers: staffHeaders });
    expect(nf.statusCode).toBe(404);
    expect(nf.json()).toEqual({ detail: "Import not found." });
    const runs = (await t.db.query<{ id: number }>("SELECT id FROM import_runs ORDER BY id DESC LIMIT 1")).rows;
    const id = runs[0]?.id ?? 1;
    expect((await uploadImport(t.app, subscriberHeaders, { kind: "tenders-csv" }, tendersCsv("sub", 1))).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/imports/${id}/`, headers: subscriberHeaders })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/imports/${id}/` })).statusCode).toBe(401);
    expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tenders WHERE ocid LIKE 'sub:%'")).rows[0].n).toBe(0);
  });
});
