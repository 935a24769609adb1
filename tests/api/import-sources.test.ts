// Staff see freshness (issue 19, point 5): GET imports/sources/ lists each import source (kind +
// the runs' source label) with its last import, last success, what it wrote, the changes its
// imports found, its failures and a staleness flag, stalest first. Staff only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STALE_AFTER_DAYS, type ImportSource, type ImportSourceList } from "../../common/import-sources.js";
import { fx, run } from "../fixtures/import/helpers.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";

let t: TestContext;
let staff: string;
let subscriber: string;

beforeAll(async () => {
  t = await startTestApp();
  const s = await createUser(t.db, { email: `sources-${Date.now()}@infrascout.in`, endDate: null });
  staff = await login(t.app, s.email, s.password);
  const sub = await createUser(t.db);
  subscriber = await login(t.app, sub.email, sub.password);
});
afterAll(() => t.close());

const sources = async (token: string) => t.app.inject({ method: "GET", url: "/api/imports/sources/", headers: bearer(token) });
const find = (list: ImportSourceList, kind: string, source: string | null) => list.results.find((s) => s.kind === kind && s.source === source);

describe("import sources", () => {
  it("is refused to subscribers (403) and to anyone not signed in (401), and takes no parameters", async () => {
    expect((await sources(subscriber)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/imports/sources/" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/imports/sources/?page=2", headers: bearer(staff) })).statusCode).toBe(400);
  });

  it("lists each source with its runs, items, changes found, failures and staleness, stalest first", async () => {
    const empty = await sources(staff);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ count: 0, stale_count: 0, results: [] });

    // An OCDS source: the tender release, then its amendment (a changed tender), and a dry run that counts for nothing.
    const first = await run(t.db, "ocds", [fx("ocds", "ocds-213czf-000-00001-02-tender.json")], { source: "ocp-example" });
    const amendment = await run(t.db, "ocds", [fx("ocds", "ocds-213czf-000-00001-03-tenderAmendment.json")], { source: "ocp-example" });
    await run(t.db, "ocds", [fx("ocds", "ocds-213czf-000-00001-03-tenderAmendment.json")], { source: "ocp-example", dryRun: true });
    // Our tenders CSV without a label, with a second file that cannot be read.
    const csv = await run(t.db, "tenders-csv", [fx("crafted", "tenders.csv"), fx("crafted", "no-such-file.csv")]);
    // A results source last imported 20 days ago (results go stale after 14), its rows rejected where their tenders are unknown.
    const results = await run(t.db, "results-csv", [fx("crafted", "results.csv")], { source: "state-results" });
    await t.db.query(`UPDATE import_runs SET started_at = started_at - interval '20 days', finished_at = finished_at - interval '20 days' WHERE id = $1`, [results.run_id]);
    // A GePNIC source whose only import failed.
    await t.db.query(`INSERT INTO import_runs (kind, source, status, error, finished_at) VALUES ('gepnic', 'assam-portal', 'failed', 'The import stopped', now())`);

    const res = await sources(staff);
    expect(res.statusCode, res.body).toBe(200);
    const list: ImportSourceList = res.json();
    expect(list.count).toBe(4);
    expect(list.stale_count).toBe(2);
    // Stalest first: never imported successfully, then the oldest success; the fresh ones after.
    expect(list.results.map((s) => [s.kind, s.source, s.stale])).toEqual([
      ["gepnic", "assam-portal", true],
      ["results-csv", "state-results", true],
      ["ocds", "ocp-example", false],
      ["tenders-csv", null, false],
    ]);

    const ocds = find(list, "ocds", "ocp-example")!;
    expect(ocds).toMatchObject({
      unit: "tender", runs: 2, last_run_status: "done",
      items_created: first.totals.created + amendment.totals.created, items_updated: first.totals.updated + amendment.totals.updated,
      changes_found: 1, failed_runs: 0, rejected_rows: 0, failed_files: 0, stale_after_days: STALE_AFTER_DAYS.tender,
    });
    expect(ocds.items_created).toBe(1);
    expect(ocds.items_updated).toBe(1);
    expect(Date.parse(ocds.last_success_at!)).toBeGreaterThan(Date.now() - 60_000);

    const plain = find(list, "tenders-csv", null)!;
    expect(plain).toMatchObject({ unit: "tender", runs: 1, items_created: csv.totals.created, failed_files: 1, changes_found: 0 });
    expect(csv.totals.created).toBeGreaterThan(0);

    const stale = find(list, "results-csv", "state-results")!;
    expect(stale).toMatchObject({ unit: "result", runs: 1, rejected_rows: results.rejects_total, stale_after_days: 14, stale: true });
    expect(results.rejects_total).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(stale.last_success_at!)).toBeGreaterThan(19 * 86_400_000);

    const failed: ImportSource = find(list, "gepnic", "assam-portal")!;
    expect(failed).toMatchObject({ runs: 1, last_run_status: "failed", last_success_at: null, failed_runs: 1, items_created: 0, stale: true });
  });

  it("a source is fresh again once it imports successfully", async () => {
    await run(t.db, "results-csv", [fx("crafted", "results.csv")], { source: "state-results" });
    const list: ImportSourceList = (await sources(staff)).json();
    expect(find(list, "results-csv", "state-results")).toMatchObject({ runs: 2, stale: false });
    expect(list.stale_count).toBe(1);
  });
});
