// Dashboard API: every panel's numbers are the user's own (two users side by side), and each
// number a panel links to a lister for equals that lister's count for the same filters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordView } from "../../server/modules/recently-viewed/record.js";
import { searchEngine } from "../../server/search/index.js";
import { projectsIndex } from "../../server/search/indexes/projects.js";
import { bothModes, startTestApp, type TestContext } from "./harness.js";
import { api, makeCompany, makeProject, subscriber, type Session, type ProjectOpts } from "./lead-fixture.js";

let t: TestContext;
let a: ReturnType<typeof api>;
let me: Session;
let other: Session;

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const dayAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const qs = (filters: string[], extra = "") => filters.map((f) => `filter=${encodeURIComponent(f)}`).join("&") + extra;

async function mark(s: Session, projectId: number, m: string) {
  const r = await a.post(`/api/work/${projectId}/mark/`, s, { mark: m });
  expect(r.statusCode).toBe(200);
}
async function listerCount(s: Session, filters: string[], extra = "", list = "list/search/") {
  const r = await a.get(`/api/${list}?${qs(filters, extra)}`, s);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().count as number;
}
async function project(o: ProjectOpts & { arrivedDaysAgo?: number } = {}) {
  const id = await makeProject(t.db, o);
  if (o.arrivedDaysAgo !== undefined) await t.db.query(`UPDATE projects SET arrived_date = now() - make_interval(days => $2) WHERE id = $1`, [id, o.arrivedDaysAgo]);
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  me = await subscriber(t, { firstName: "Asha" });
  other = await subscriber(t, { firstName: "Vikram" });
}, 60_000);
afterAll(() => t.close());

describe("dashboard/shortlisted_status_stat/", () => {
  it("counts only this user's marks, by mark and by status, split as the listers list them — each equal to the linked lister's count", async () => {
    const c1 = await project({ category: "construction", status: "Planning" });
    const c2 = await project({ category: "construction", status: "Planning" });
    const i1 = await project({ category: "industrial", status: "Under Construction" });
    const tent = await project({ category: "industrial", status: "Approval" });
    const rej = await project({ category: "construction", status: "Tendering" });
    for (const id of [c1, c2, i1]) await mark(me, id, "shortlisted");
    await mark(me, tent, "tentative");
    await mark(me, rej, "rejected");
    // The other user's marks on the same and other leads never count for me.
    await mark(other, c1, "rejected");
    await mark(other, tent, "shortlisted");
    await mark(other, await project(), "shortlisted");

    const r = await a.get("/api/dashboard/shortlisted_status_stat/", me);
    expect(r.statusCode).toBe(200);
    const s = r.json();
    expect(s.total).toBe(5);
    expect(s.by_mark).toEqual([
      { mark: "shortlisted", count: 3, construction: 2, industrial: 1 },
      { mark: "tentative", count: 1, construction: 0, industrial: 1 },
      { mark: "rejected", count: 1, construction: 1, industrial: 0 },
    ]);
    expect(s.by_status).toEqual([
      { status: "Planning", count: 2, construction: 2, industrial: 0 },
      { status: "Under Construction", count: 1, construction: 0, industrial: 1 },
    ]);

    // The links: /private-<category>-leads?filter=mark:<mark>[&filter=status:<status>] (rejected with search_all=true).
    for (const m of s.by_mark) {
      const extra = m.mark === "rejected" ? "&search_all=true" : "";
      expect(await listerCount(me, [`mark:${m.mark}`, "category:construction"], extra)).toBe(m.construction);
      expect(await listerCount(me, [`mark:${m.mark}`, "category:industrial"], extra)).toBe(m.industrial);
    }
    for (const st of s.by_status) {
      expect(await listerCount(me, ["mark:shortlisted", `status:"${st.status}"`, "category:construction"])).toBe(st.construction);
      expect(await listerCount(me, ["mark:shortlisted", `status:"${st.status}"`, "category:industrial"])).toBe(st.industrial);
    }

    const theirs = (await a.get("/api/dashboard/shortlisted_status_stat/", other)).json();
    expect(theirs.total).toBe(3);
    expect(theirs.by_mark.map((m: { count: number }) => m.count)).toEqual([2, 0, 1]);
    expect(await listerCount(other, ["mark:shortlisted"])).toBe(2);
  });

  it("the mark filter answers the same from the in-memory search and from plain SQL, and takes a list", async () => {
    const engine = searchEngine(t.db, projectsIndex);
    const filters = [["mark:shortlisted"], ["mark:{shortlisted,tentative}"], ["mark:tentative", "category:industrial"]];
    const counts = await bothModes(engine, async () => {
      const out = [];
      for (const f of filters) out.push(await listerCount(me, f));
      return out;
    });
    expect(counts).toEqual([3, 4, 1]);
  });

  it("refuses a mark the filter cannot ask for, with the field's message", async () => {
    for (const f of ["mark:unmarked", "mark:favourite", "mark:*short*", "mark:[1 TO 2]"]) {
      const r = await a.get(`/api/list/search/?${qs([f])}`, me);
      expect(r.statusCode, f).toBe(400);
      expect(Object.keys(r.json())).toEqual(["filter"]);
    }
  });
});

describe("projs_cnt_date_range/ and proj_cnt_stats/", () => {
  const sector = "Dashboard Test Sector";
  let mine: Session;
  beforeAll(async () => {
    mine = await subscriber(t);
    await t.db.query(`UPDATE users SET preferred_proj_status = '{Planning,Tendering}', preferred_sectors = $2, preferred_states = '{}' WHERE id = $1`, [mine.user.id, [sector]]);
    await project({ sector, status: "Planning", arrivedDaysAgo: 0 });
    await project({ sector, status: "Tendering", arrivedDaysAgo: 0 });
    await project({ sector, status: "Planning", arrivedDaysAgo: 3, category: "industrial" });
    await project({ sector, status: "Planning", arrivedDaysAgo: 40 }); // the previous 30 days
    await project({ sector, status: "Completed", arrivedDaysAgo: 1 }); // status not preferred
    await project({ sector: "Residential", status: "Planning", arrivedDaysAgo: 1 }); // sector not preferred
    await mark(mine, await project({ sector, status: "Planning", arrivedDaysAgo: 2 }), "rejected"); // hidden from the feed
  });

  it("answers every day of the window with the feed's count for it; the total equals list/my-feed/ with that range", async () => {
    const r = await a.get(`/api/projs_cnt_date_range/?date_gte=${dayAgo(6)}&date_lte=${today()}&date_field=arrived_date`, mine);
    expect(r.statusCode, r.body).toBe(200);
    const s = r.json();
    expect(s).toMatchObject({ date_field: "arrived_date", date_gte: dayAgo(6), date_lte: today(), total: 3 });
    expect(s.days).toHaveLength(7);
    expect(s.days[6]).toEqual({ date: today(), count: 2 });
    expect(s.days[3]).toEqual({ date: dayAgo(3), count: 1 });
    expect(s.days.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(3);
    expect(await listerCount(mine, [`arrived_date:[${dayAgo(6)} TO ${today()}]`], "", "list/my-feed/")).toBe(3);
    // Another user with other preferences sees other numbers.
    const theirs = (await a.get(`/api/projs_cnt_date_range/?date_gte=${dayAgo(6)}&date_lte=${today()}`, other)).json();
    expect(theirs.days).toHaveLength(7);
    expect(theirs.total).toBe(await listerCount(other, [`arrived_date:[${dayAgo(6)} TO ${today()}]`], "", "list/my-feed/"));
  });

  it("counts by another date field (a date column) and defaults to the last 30 days of arrived_date", async () => {
    const id = await project({ sector, status: "Planning" });
    await t.db.query(`UPDATE projects SET start_date = $2::date WHERE id = $1`, [id, "2026-03-15"]);
    const s = (await a.get(`/api/projs_cnt_date_range/?date_gte=2026-03-01&date_lte=2026-03-31&date_field=start_date`, mine)).json();
    expect(s.total).toBe(1);
    expect(s.days.find((d: { date: string }) => d.date === "2026-03-15").count).toBe(1);
    expect(await listerCount(mine, ["start_date:[2026-03-01 TO 2026-03-31]"], "", "list/my-feed/")).toBe(1);
    const d = (await a.get(`/api/projs_cnt_date_range/`, mine)).json();
    expect(d).toMatchObject({ date_field: "arrived_date", date_gte: dayAgo(29), date_lte: today() });
    expect(d.days).toHaveLength(30);
  });

  it("proj_cnt_stats/ covers the last 30 days by default, with the 30 before as previous_total", async () => {
    const s = (await a.get(`/api/proj_cnt_stats/`, mine)).json();
    expect(s).toMatchObject({ date_field: "arrived_date", date_gte: dayAgo(29), date_lte: today(), previous_total: 1 });
    expect(s.days).toHaveLength(30);
    // Arrived today (two, plus the one given a start date above), three days ago (one).
    expect(s.total).toBe(4);
    expect(s.total).toBe(await listerCount(mine, [`arrived_date:[${dayAgo(29)} TO ${today()}]`], "", "list/my-feed/"));
    const week = (await a.get(`/api/proj_cnt_stats/?days=7`, mine)).json();
    expect(week.days).toHaveLength(7);
    expect(week.date_gte).toBe(dayAgo(6));
  });

  it("refuses bad dates, fields, ranges and days with a message on the field", async () => {
    const bad: [string, string][] = [
      ["projs_cnt_date_range/?date_gte=2026-02-30", "date_gte"],
      ["projs_cnt_date_range/?date_lte=yesterday", "date_lte"],
      ["projs_cnt_date_range/?date_field=title", "date_field"],
      ["projs_cnt_date_range/?date_gte=2026-03-10&date_lte=2026-03-01", "date_lte"],
      ["projs_cnt_date_range/?date_gte=2020-01-01&date_lte=2026-01-01", "date_gte"],
      ["proj_cnt_stats/?days=0", "days"],
      ["proj_cnt_stats/?days=abc", "days"],
      ["proj_cnt_stats/?days=1000", "days"],
      ["shortlisted_proj_status_updates/?page=-1", "page"],
    ];
    for (const [url, field] of bad) {
      const r = await a.get(`/api/${url}`, me);
      expect(r.statusCode, url).toBe(400);
      expect(Object.keys(r.json()), url).toEqual([field]);
    }
  });
});

describe("proj_cnt_under_construction/", () => {
  it("equals the construction and industrial listers' counts for status Under Construction, by state; shortlisted ones are the user's", async () => {
    const ids = [
      await project({ status: "Under Construction", category: "construction", state: "Kerala" }),
      await project({ status: "Under Construction", category: "industrial", state: "Kerala" }),
      await project({ status: "Under Construction", category: "construction", state: "Goa" }),
    ];
    await mark(me, ids[0], "shortlisted");
    await mark(other, ids[1], "shortlisted");
    await mark(other, ids[2], "rejected"); // hidden from the other user's lists, so from their count too
    const uc = ["status:\"Under Construction\""];
    for (const s of [me, other]) {
      const r = await a.get("/api/proj_cnt_under_construction/", s);
      expect(r.statusCode).toBe(200);
      const st = r.json();
      expect(st.construction).toBe(await listerCount(s, [...uc, "category:construction"]));
      expect(st.industrial).toBe(await listerCount(s, [...uc, "category:industrial"]));
      expect(st.count).toBe(st.construction + st.industrial);
      expect(st.shortlisted.construction).toBe(await listerCount(s, [...uc, "mark:shortlisted", "category:construction"]));
      expect(st.shortlisted.industrial).toBe(await listerCount(s, [...uc, "mark:shortlisted", "category:industrial"]));
      const kerala = st.by_state.find((x: { state: string }) => x.state === "Kerala");
      expect(kerala.construction).toBe(await listerCount(s, [...uc, "state:Kerala", "category:construction"]));
      expect(kerala.industrial).toBe(await listerCount(s, [...uc, "state:Kerala", "category:industrial"]));
      expect(kerala.count).toBe(kerala.construction + kerala.industrial);
    }
    const mineSt = (await a.get("/api/proj_cnt_under_construction/", me)).json();
    const theirSt = (await a.get("/api/proj_cnt_under_construction/", other)).json();
    expect(mineSt.count - theirSt.count).toBe(1); // the lead the other user rejected
    expect(mineSt.shortlisted).toMatchObject({ construction: 1 });
    expect(theirSt.shortlisted).toMatchObject({ industrial: 1 });
  });
});

describe("proj_status_reminder_cnt/", () => {
  it("counts the user's open reminders by when they fall due and by the lead's status; never another user's", async () => {
    const u = await subscriber(t);
    const lead = await project({ status: "Awarded" });
    const company = await makeCompany(t.db);
    const add = (userId: number, type: string, id: number, at: Date, done = false) =>
      t.db.query(`INSERT INTO reminders (user_id, item_type, item_id, remind_at, completed_at) VALUES ($1, $2, $3, $4, $5)`, [userId, type, id, at, done ? new Date() : null]);
    await add(u.user.id, "project", lead, new Date(Date.now() - 3600_000)); // overdue
    await add(u.user.id, "project", lead, new Date(Date.now() + 3 * DAY)); // upcoming
    await add(u.user.id, "company", company.id, new Date(Date.now() + 5 * DAY)); // upcoming
    await add(u.user.id, "project", lead, new Date(Date.now() - DAY), true); // done: not counted
    await add(other.user.id, "project", lead, new Date(Date.now() - 3600_000)); // someone else's
    const r = await a.get("/api/proj_status_reminder_cnt/", u);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      open: 3,
      by_due: [
        { due: "overdue", count: 1 },
        { due: "today", count: 0 },
        { due: "upcoming", count: 2 },
      ],
      by_item_type: [
        { item_type: "project", count: 2 },
        { item_type: "company", count: 1 },
      ],
      by_lead_status: [{ status: "Awarded", count: 2 }],
    });
    // The reminders list agrees on what is overdue.
    expect((await a.get("/api/reminders/list?status=overdue", u)).json().count).toBe(1);
  });
});

describe("shortlisted_proj_status_updates/", () => {
  it("lists status changes of the user's shortlisted leads only, newest first, paged", async () => {
    const u = await subscriber(t);
    const shortlisted = await project({ title: "Metro Depot Phase 2", status: "Tendering" });
    const tentative = await project({ status: "Planning" });
    await mark(u, shortlisted, "shortlisted");
    await mark(u, tentative, "tentative");
    await mark(other, tentative, "shortlisted");
    for (let k = 0; k < 12; k++) {
      await t.db.query(`INSERT INTO project_status_updates (project_id, old_status, new_status, created_at) VALUES ($1, 'Planning', $2, now() - make_interval(hours => $3))`, [shortlisted, `Step ${k}`, 12 - k]);
    }
    await t.db.query(`INSERT INTO project_status_updates (project_id, old_status, new_status) VALUES ($1, 'Planning', 'Approval')`, [tentative]);
    const p1 = (await a.get("/api/shortlisted_proj_status_updates/", u)).json();
    expect(p1).toMatchObject({ count: 12, page: 1, page_size: 10 });
    expect(p1.results).toHaveLength(10);
    expect(p1.results[0]).toMatchObject({ project_id: shortlisted, title: "Metro Depot Phase 2", category: "construction", old_status: "Planning", new_status: "Step 11" });
    const p2 = (await a.get("/api/shortlisted_proj_status_updates/?page=2", u)).json();
    expect(p2.results.map((x: { new_status: string }) => x.new_status)).toEqual(["Step 1", "Step 0"]);
    const theirs = (await a.get("/api/shortlisted_proj_status_updates/", other)).json();
    expect(theirs.results.every((x: { project_id: number }) => x.project_id !== shortlisted)).toBe(true);
    expect(theirs.results.some((x: { new_status: string }) => x.new_status === "Approval")).toBe(true);
  });
});

describe("recently_viewed/", () => {
  it("answers the user's last opened items newest first, with titles and pages; never another user's", async () => {
    const u = await subscriber(t);
    const lead = await project({ title: "Pune Ring Road Interchange", category: "industrial", city: "Pune", state: "Maharashtra" });
    const company = await makeCompany(t.db, "Shapoorji Test Builders Pvt Ltd");
    const tender = (await t.db.query<{ id: number }>(`INSERT INTO tenders (title, org_name) VALUES ('Supply of RMC', 'PWD Kerala') RETURNING id`)).rows[0].id;
    await recordView(t.db, u.user.id, "project", lead);
    await new Promise((r) => setTimeout(r, 5));
    await recordView(t.db, u.user.id, "tender", tender);
    await new Promise((r) => setTimeout(r, 5));
    await recordView(t.db, u.user.id, "company", company.id);
    await recordView(t.db, other.user.id, "project", await project());
    const r = await a.get("/api/recently_viewed/", u);
    expect(r.statusCode).toBe(200);
    expect(r.json().results).toEqual([
      expect.objectContaining({ item_type: "company", item_id: company.id, title: "Shapoorji Test Builders Pvt Ltd", link: `/builder/detail/${company.id}` }),
      expect.objectContaining({ item_type: "tender", item_id: tender, title: "Supply of RMC", subtitle: "PWD Kerala", link: `/tender/detail/${tender}` }),
      expect.objectContaining({ item_type: "project", item_id: lead, title: "Pune Ring Road Interchange", subtitle: "Pune, Maharashtra", link: `/private-industrial-leads/detail/${lead}` }),
    ]);
  });
});

describe("access", () => {
  it("every dashboard call needs a signed-in subscriber", async () => {
    const urls = ["dashboard/shortlisted_status_stat/", "projs_cnt_date_range/", "proj_cnt_stats/", "proj_cnt_under_construction/", "proj_status_reminder_cnt/", "shortlisted_proj_status_updates/", "recently_viewed/"];
    const expired = await subscriber(t, { endDate: "2020-01-01" });
    for (const url of urls) {
      expect((await a.get(`/api/${url}`, null)).statusCode, url).toBe(401);
      expect((await a.get(`/api/${url}`, expired)).statusCode, url).toBe(403);
      expect((await a.get(`/api/${url}`, me)).statusCode, url).toBe(200);
    }
  });
});
