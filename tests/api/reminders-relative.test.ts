// Reminders follow (issue 19, point 3): a reminder set "2 days before closing" moves with the
// tender's closing date, in the transaction that moves it, and says so; a fixed-time reminder
// stays and points out the new date, in the list and in its e-mail. Real data: the OCP fictional
// OCDS example's tender release, then its amendment (closing 1 Apr 2010 18:00 UTC → 8 Apr).
// The reminders are set as if it were 1 Mar 2010 (only the API's clock is moved: the database's is not).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { reminderDateNotes, type Reminder } from "../../common/reminders.js";
import { runJobsOnce } from "../../server/jobs/index.js";
import { fx, run } from "../fixtures/import/helpers.js";
import { bearer, createUser, login, memoryMailer, startTestApp, type TestContext } from "./harness.js";
import { insertProject, PROJECTS } from "./search-fixture.js";

const TENDER = fx("ocds", "ocds-213czf-000-00001-02-tender.json");
const AMENDMENT = fx("ocds", "ocds-213czf-000-00001-03-tenderAmendment.json");
const DAY_MS = 86_400_000;

let t: TestContext;
const mailer = memoryMailer();
let token: string;
let tenderId: number;

beforeAll(async () => {
  t = await startTestApp({ jobsIntervalSeconds: 0 }, { mailer });
  const u = await createUser(t.db, { firstName: "Kavya" });
  token = await login(t.app, u.email, u.password);
  await run(t.db, "ocds", [TENDER]);
  tenderId = Number((await t.db.query<{ id: number }>(`SELECT id FROM tenders WHERE ocid = 'ocds-213czf-000-00001'`)).rows[0].id);
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/reminders/list", headers: bearer(token), payload });
const patch = (id: number, payload: Record<string, unknown>) => t.app.inject({ method: "PATCH", url: `/api/reminders/list/${id}`, headers: bearer(token), payload });
async function reminder(id: number): Promise<Reminder> {
  const res = await t.app.inject({ method: "GET", url: `/api/reminders/list/${id}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** Runs fn with the API's clock at `at` (Date only: timers, and so the requests, run as usual). */
async function asOf<T>(at: string, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(at) });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}
const closing = async () => (await t.db.query<{ at: Date }>(`SELECT closing_date AS at FROM tenders WHERE id = $1`, [tenderId])).rows[0].at.toISOString();

let relative: Reminder;
let fixed: Reminder;

describe("a reminder before a tender date follows it", () => {
  it("is set 2 days before closing: its time is the closing date less the offset", async () => {
    expect(await closing()).toBe("2010-04-01T18:00:00.000Z");
    const [a, b] = await asOf("2010-03-01T00:00:00Z", () =>
      Promise.all([
        post({ item_type: "tender", item_id: tenderId, relative_to: "closing_date", minutes_before: 2 * 24 * 60, note: "Submit the bid" }),
        post({ item_type: "tender", item_id: tenderId, remind_at: "2010-03-31T04:30:00Z", note: "Call the engineer" }),
      ]),
    );
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    relative = a.json();
    fixed = b.json();
    expect(relative).toMatchObject({ remind_at: "2010-03-30T18:00:00.000Z", relative_to: "closing_date", minutes_before: 2880, date_moves: [] });
    expect(fixed).toMatchObject({ remind_at: "2010-03-31T04:30:00.000Z", relative_to: null, minutes_before: null, date_moves: [] });
  });

  it("does not move when the import that would move the date is rolled back (a dry run)", async () => {
    await run(t.db, "ocds", [AMENDMENT], { dryRun: true });
    expect(await closing()).toBe("2010-04-01T18:00:00.000Z");
    expect((await reminder(relative.id)).remind_at).toBe("2010-03-30T18:00:00.000Z");
  });

  it("moves with the amendment's closing date to 6 Apr and says so; the fixed reminder stays and points out the new date", async () => {
    await run(t.db, "ocds", [AMENDMENT]);
    expect(await closing()).toBe("2010-04-08T18:00:00.000Z");

    const moved = await reminder(relative.id);
    expect(moved.remind_at).toBe("2010-04-06T18:00:00.000Z");
    expect(moved.relative_to).toBe("closing_date");
    expect(moved.date_moves).toEqual([{ field: "closing_date", old: "2010-04-01T18:00:00Z", new: "2010-04-08T18:00:00Z", at: expect.any(String) }]);
    expect(reminderDateNotes(moved)).toEqual(["Moved with the closing date: now 6 Apr 2010, 11:30 pm IST."]);

    const stayed = await reminder(fixed.id);
    expect(stayed.remind_at).toBe("2010-03-31T04:30:00.000Z");
    expect(stayed.date_moves).toEqual([{ field: "closing_date", old: "2010-04-01T18:00:00Z", new: "2010-04-08T18:00:00Z", at: expect.any(String) }]);
    expect(reminderDateNotes(stayed)).toEqual(["Bid closing moved from 1 Apr 2010, 11:30 pm IST to 8 Apr 2010, 11:30 pm IST.", "This reminder keeps its time."]);

    // The list says the same.
    const list = await t.app.inject({ method: "GET", url: `/api/reminders/list?item_type=tender&item_id=${tenderId}`, headers: bearer(token) });
    const byId = new Map((list.json().results as Reminder[]).map((r) => [r.id, r]));
    expect(byId.get(relative.id)?.remind_at).toBe("2010-04-06T18:00:00.000Z");
    expect(byId.get(fixed.id)?.date_moves).toHaveLength(1);
  });

  it("the reminders' e-mails say what moved", async () => {
    mailer.sent.length = 0;
    await runJobsOnce(t.app, new Date("2010-04-07T00:00:00Z"));
    const mails = mailer.sent.filter((m) => m.subject.startsWith("Reminder:"));
    expect(mails).toHaveLength(2);
    const [first, second] = mails; // due order: the fixed one (31 Mar), then the moved one (6 Apr)
    expect(first.text).toContain("Bid closing moved from 1 Apr 2010, 11:30 pm IST to 8 Apr 2010, 11:30 pm IST.\nThis reminder keeps its time.");
    expect(second.text).toContain("This reminder is set 2 days before closing and moves with that date.\nMoved with the closing date: now 6 Apr 2010, 11:30 pm IST.");
    expect(second.html).toContain("<p>Moved with the closing date: now 6 Apr 2010, 11:30 pm IST.</p>");
  });

  it("moves on any write of the date, even one that records no change, and a date moved back is no longer a move", async () => {
    await t.db.query(`UPDATE tenders SET closing_date = closing_date + interval '1 day' WHERE id = $1`, [tenderId]);
    expect((await reminder(relative.id)).remind_at).toBe("2010-04-07T18:00:00.000Z");
    await t.db.query(`UPDATE tenders SET closing_date = '2010-04-01T18:00:00Z' WHERE id = $1`, [tenderId]);
    const back = await reminder(relative.id);
    expect(back.remind_at).toBe("2010-03-30T18:00:00.000Z");
    expect(back.date_moves).toEqual([]);
    expect(reminderDateNotes(back)).toEqual([]);
    expect((await reminder(fixed.id)).date_moves).toEqual([]);
  });
});

describe("setting and changing a relative reminder", () => {
  let future: number;
  const closesAt = new Date(Date.now() + 10 * DAY_MS);
  closesAt.setUTCSeconds(0, 0);

  beforeAll(async () => {
    future = Number((await t.db.query<{ id: number }>(
      `INSERT INTO tenders (title, org_name, closing_date) VALUES ('Supply of RMC for the ring road', 'PWD Kerala', $1) RETURNING id`, [closesAt],
    )).rows[0].id);
  });

  it("is worked out from the tender's date now; changing it to a fixed time forgets the rule, and back", async () => {
    const res = await post({ item_type: "tender", item_id: future, relative_to: "closing_date", minutes_before: 24 * 60 });
    expect(res.statusCode, res.body).toBe(201);
    const r: Reminder = res.json();
    expect(r.remind_at).toBe(new Date(closesAt.getTime() - DAY_MS).toISOString());

    const at = new Date(closesAt.getTime() - 3 * DAY_MS).toISOString();
    const asFixed = await patch(r.id, { remind_at: at });
    expect(asFixed.statusCode, asFixed.body).toBe(200);
    expect(asFixed.json()).toMatchObject({ remind_at: at, relative_to: null, minutes_before: null });

    const again = await patch(r.id, { relative_to: "closing_date", minutes_before: 180 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ remind_at: new Date(closesAt.getTime() - 3 * 3_600_000).toISOString(), relative_to: "closing_date", minutes_before: 180 });
    // Only the note: the rule stays.
    const noted = (await patch(r.id, { note: "Bring the DD" })).json();
    expect(noted).toMatchObject({ relative_to: "closing_date", minutes_before: 180, note: "Bring the DD" });
    // Its own time again, as a fixed time: it stays there and no longer follows the date.
    expect((await patch(r.id, { remind_at: noted.remind_at })).json()).toMatchObject({ remind_at: noted.remind_at, relative_to: null, minutes_before: null });
  });

  it("answers a clear 400 for a time already past, a tender without that date, an item that is not a tender, and half or both timings", async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ item_type: "tender", item_id: tenderId, relative_to: "closing_date", minutes_before: 60 }, "minutes_before", /^1 hour before closing is 1 Apr 2010, 10:30 pm IST, which has passed\./],
      [{ item_type: "tender", item_id: future, relative_to: "closing_date", minutes_before: 11 * 24 * 60 }, "minutes_before", /^11 days before closing is .* IST, which has passed\./],
      [{ item_type: "tender", item_id: future, relative_to: "prebid_date", minutes_before: 60 }, "relative_to", /^This tender has no pre-bid meeting date to remind before\.$/],
      [{ item_type: "project", item_id: await insertProject(t.db, PROJECTS[0]), relative_to: "closing_date", minutes_before: 60 }, "relative_to", /^Only a reminder on a tender can follow one of its dates\.$/],
      [{ item_type: "tender", item_id: 987654321, relative_to: "closing_date", minutes_before: 60 }, "item_id", /^No such tender\.$/],
      [{ item_type: "tender", item_id: future, relative_to: "closing_date" }, "minutes_before", /^This field is required\.$/],
      [{ item_type: "tender", item_id: future, minutes_before: 60 }, "relative_to", /^This field is required\.$/],
      [{ item_type: "tender", item_id: future, remind_at: new Date(Date.now() + DAY_MS).toISOString(), relative_to: "closing_date", minutes_before: 60 }, "remind_at", /not both/],
      [{ item_type: "tender", item_id: future }, "remind_at", /^Choose a time, or a tender date to remind before\.$/],
      [{ item_type: "tender", item_id: future, relative_to: "value", minutes_before: 60 }, "relative_to", /^Must be one of/],
      [{ item_type: "tender", item_id: future, relative_to: "closing_date", minutes_before: 91 * 24 * 60 }, "minutes_before", /less than or equal to 129600/],
      [{ item_type: "tender", item_id: future, relative_to: "closing_date", minutes_before: -5 }, "minutes_before", /greater than or equal to 0/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(Object.keys(body), JSON.stringify(body)).toEqual([field]);
      expect(body[field][0]).toMatch(message);
    }
  });
});
