// The notifications API (common/notifications.ts): a user's own notifications only, newest first
// and paged, the unread count, marking read by ids or all (idempotent; another user's ids change
// and reveal nothing), the per-kind settings; every input validated. The notifications come the
// real way: staff save changes to a lead that users shortlisted or viewed, and the job tells them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATION_PAGE_SIZE, type NotificationList } from "../../common/notifications.js";
import { runNotificationsOnce } from "../../server/jobs/index.js";
import { bearer, createUser, login, memoryMailer, startTestApp, type TestContext } from "./harness.js";
import { insertProject, PROJECTS } from "./search-fixture.js";

let ctx: TestContext;
let lead: number;
let staff: string, viewingStaff: string, a: string, b: string, lapsed: string;
let bId: number;
const STATUSES = ["Planning", "Approval", "Tendering", "Awarded"];
let saves = 0;

const get = (token: string, url: string) => ctx.app.inject({ method: "GET", url, headers: bearer(token) });
const send = (token: string, method: "POST" | "PUT" | "PATCH", url: string, payload: unknown) =>
  ctx.app.inject({ method, url, headers: { ...bearer(token), "content-type": "application/json" }, payload: typeof payload === "string" ? payload : JSON.stringify(payload) });
const list = async (token: string, query = ""): Promise<NotificationList> => {
  const res = await get(token, `/api/notifications/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A staff save that changes the lead's status (one change set), then the job's round. */
async function staffSave(times = 1) {
  for (let i = 0; i < times; i++) {
    saves += 1;
    const res = await send(staff, "PATCH", `/api/work/${lead}/`, { status: STATUSES[saves % STATUSES.length] });
    expect(res.statusCode, res.body).toBe(200);
  }
  return runNotificationsOnce(ctx.app);
}

beforeAll(async () => {
  ctx = await startTestApp({ jobsIntervalSeconds: 0 }, { mailer: memoryMailer() });
  lead = await insertProject(ctx.db, { ...PROJECTS[0], key: "notified", status: "Under Construction" });
  const signedIn = async (opts: Parameters<typeof createUser>[1]) => {
    const u = await createUser(ctx.db, opts);
    return { id: u.id, token: await login(ctx.app, u.email, u.password) };
  };
  staff = (await signedIn({ email: `editor-${Date.now()}@infrascout.in` })).token;
  viewingStaff = (await signedIn({ email: `reader-${Date.now()}@infrascout.in` })).token;
  a = (await signedIn({ firstName: "A" })).token;
  ({ id: bId, token: b } = await signedIn({ firstName: "B" }));
  const old = await signedIn({ firstName: "Lapsed" });
  lapsed = old.token;
  expect((await send(a, "POST", `/api/work/${lead}/mark/`, { mark: "shortlisted" })).statusCode).toBe(200);
  for (const t of [b, staff, viewingStaff, lapsed]) expect((await get(t, `/api/work/${lead}/`)).statusCode).toBe(200);
  // Viewed it while subscribed; lapsed since.
  await ctx.db.query(`UPDATE users SET end_date = '2020-01-01' WHERE id = $1`, [old.id]);
});
afterAll(() => ctx?.close());

describe("who is told of a staff save", () => {
  it("the shortlister, a viewer and another staff member who viewed it; not the staff member who saved it, nor a lapsed subscriber", async () => {
    expect(await staffSave()).toMatchObject({ ran: true, changeSets: 1, notifications: 3 });
    const [n] = (await list(a)).results;
    expect(n).toMatchObject({ kind: "lead_changes", item_type: "project", item_id: lead, item_title: PROJECTS[0].title, reasons: ["shortlisted"], read_at: null });
    expect(n.changes).toEqual([{ field: "status", old: "Under Construction", new: "Approval" }]);
    expect(Date.parse(n.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await list(b)).results.map((x) => x.reasons)).toEqual([["viewed"]]);
    expect((await list(viewingStaff)).count).toBe(1);
    expect(await list(staff)).toEqual({ count: 0, unread: 0, results: [] });
    // A lapsed subscriber still reaches their own (empty) list: the bell shows for any signed-in user.
    expect(await list(lapsed)).toEqual({ count: 0, unread: 0, results: [] });
  });

  it("answers 401 without a token", async () => {
    for (const url of ["/api/notifications/", "/api/notifications/unread-count/", "/api/notifications/settings/"]) {
      expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
    expect((await ctx.app.inject({ method: "POST", url: "/api/notifications/read/", payload: { all: true } })).statusCode).toBe(401);
  });
});

describe("the list, the unread count and marking read", () => {
  it("pages newest first, NOTIFICATION_PAGE_SIZE a page, with the total and unread counts", async () => {
    await staffSave(NOTIFICATION_PAGE_SIZE + 1);
    const first = await list(a);
    expect(first.count).toBe(NOTIFICATION_PAGE_SIZE + 2);
    expect(first.unread).toBe(NOTIFICATION_PAGE_SIZE + 2);
    expect(first.results).toHaveLength(NOTIFICATION_PAGE_SIZE);
    const ids = first.results.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const second = await list(a, "?page=2");
    expect(second.results).toHaveLength(2);
    expect(second.results[1].changes[0].old).toBe("Under Construction"); // the oldest, last
    expect((await list(a, "?page=3")).results).toEqual([]);
  });

  it("marks the named ones read, twice the same as once, and the unread filter and count follow", async () => {
    const [n1, n2] = (await list(a)).results;
    const total = (await list(a)).unread;
    const mark = await send(a, "POST", "/api/notifications/read/", { ids: [n1.id, n2.id, n1.id] });
    expect(mark.json()).toEqual({ unread: total - 2 });
    const readAt = (await list(a)).results[0].read_at;
    expect(readAt).not.toBeNull();
    expect((await send(a, "POST", "/api/notifications/read/", { ids: [n1.id] })).json()).toEqual({ unread: total - 2 }); // a double click
    expect((await list(a)).results[0].read_at).toBe(readAt);
    expect((await get(a, "/api/notifications/unread-count/")).json()).toEqual({ unread: total - 2 });
    const unread = await list(a, "?unread=true");
    expect(unread.count).toBe(total - 2);
    expect(unread.results.every((n) => n.read_at === null && n.id !== n1.id && n.id !== n2.id)).toBe(true);
  });

  it("another user's ids change nothing and reveal nothing", async () => {
    const theirs = (await list(b)).results.map((n) => n.id);
    const before = (await list(b)).unread;
    const res = await send(a, "POST", "/api/notifications/read/", { ids: theirs });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread: (await list(a)).unread }); // A's own count, as before
    expect((await list(b)).unread).toBe(before);
    expect((await list(a)).results.some((n) => theirs.includes(n.id))).toBe(false);
    expect((await send(a, "POST", "/api/notifications/read/", { ids: [987654321] })).statusCode).toBe(200);
  });

  it("marks all read, idempotently", async () => {
    expect((await send(a, "POST", "/api/notifications/read/", { all: true })).json()).toEqual({ unread: 0 });
    expect((await send(a, "POST", "/api/notifications/read/", { all: true })).json()).toEqual({ unread: 0 });
    expect((await list(a, "?unread=true")).results).toEqual([]);
    expect((await list(b)).unread).toBeGreaterThan(0);
  });

  it("refuses bad input with a 400 that says what is wrong, and changes nothing", async () => {
    const before = (await list(b)).unread;
    const bad: [unknown, string][] = [
      [{}, "non_field_errors"],
      [{ ids: [1], all: true }, "non_field_errors"],
      [{ ids: [] }, "ids"],
      [{ ids: ["x"] }, "ids"],
      [{ ids: [0] }, "ids"],
      [{ ids: Array.from({ length: 501 }, (_, i) => i + 1) }, "ids"],
      [{ all: false }, "all"],
      [{ all: "yes" }, "all"],
      [{ constructor: 1 }, "constructor"],
      ['{"__proto__": {"all": true}}', ""],
      ["not json", ""],
    ];
    for (const [payload, field] of bad) {
      const res = await send(b, "POST", "/api/notifications/read/", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(Object.keys(res.json()), JSON.stringify(payload)).toContain(field);
    }
    expect((await list(b)).unread).toBe(before);
    for (const q of ["?page=0", "?page=abc", "?page=1.5", "?unread=maybe", "?filter=x", "?page=100001"]) {
      expect((await get(b, `/api/notifications/${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe("settings", () => {
  it("are instant for every kind until changed; a PUT changes the kinds it names and answers all", async () => {
    expect((await get(b, "/api/notifications/settings/")).json()).toEqual({ tender_changes: "instant", lead_changes: "instant", assignment: "instant" });
    const put = await send(b, "PUT", "/api/notifications/settings/", { tender_changes: "daily" });
    expect(put.json()).toEqual({ tender_changes: "daily", lead_changes: "instant", assignment: "instant" });
    expect((await send(b, "PUT", "/api/notifications/settings/", { lead_changes: "off" })).json()).toEqual({ tender_changes: "daily", lead_changes: "off", assignment: "instant" });
    expect((await get(b, "/api/notifications/settings/")).json()).toEqual({ tender_changes: "daily", lead_changes: "off", assignment: "instant" });
    expect((await get(a, "/api/notifications/settings/")).json()).toEqual({ tender_changes: "instant", lead_changes: "instant", assignment: "instant" });
  });

  it("refuses an unknown kind or mode, or nothing to change", async () => {
    for (const payload of [{}, { tender_changes: "weekly" }, { lead_changes: null }, { other_changes: "off" }, { __proto__: { x: 1 }, lead_changes: "hourly" }]) {
      const res = await send(b, "PUT", "/api/notifications/settings/", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).not.toHaveProperty("detail", expect.stringMatching(/sql|select/i));
    }
    expect((await get(b, "/api/notifications/settings/")).json()).toEqual({ tender_changes: "daily", lead_changes: "off", assignment: "instant" });
  });

  it("off: still told in the app, with nothing to mail", async () => {
    await staffSave();
    const { rows } = await ctx.db.query<{ email: string }>(`SELECT email FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [bId]);
    expect(rows.map((r) => r.email)).toEqual(["none"]);
    expect((await list(b)).results[0].read_at).toBeNull();
  });
});
