// Change e-mails by the user's setting, and the digests' "Changed since you last looked" (issue
// 19, points 2 and 4), through a REAL SMTP server. A staff save changes three fields of a lead at
// once: instant followers get one e-mail saying all three; daily ones get them in the next day's
// digest (in their daily alert digest if they have one, never in two mails); off ones only in the
// app. The alert digests list the followed items that changed since the last digest, leaving out
// what the user has looked at since.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGED_SECTION_TITLE } from "../../server/modules/alerts/mail.js";
import { runJobsOnce } from "../../server/jobs/index.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { insertProject, PROJECTS } from "./search-fixture.js";
import { mailText, startSmtpPeer, type ReceivedMail, type SmtpPeer } from "./smtp-peer.js";

const PUBLIC_URL = "https://infrascout.example.test";
const HOUR = 3_600_000;
const LINES = [
  "Status changed from Under Construction to Planning",
  "Project value changed from ₹50,00,00,000 to ₹55,00,00,000",
  "Completion date moved from 30 Jun 2026 to 31 Mar 2027",
];
const T0 = new Date();
/** The first round: just after the alerts' last digest (T0), so what it tells is "since" it. */
const T1 = new Date(T0.getTime() + 1000);
/** The next day, past its digest hour. */
const NEXT_DAY = new Date(T0.getTime() + 25 * HOUR);

let peer: SmtpPeer;
let ctx: TestContext;
let lead1: number, lead2: number;
type Person = { id: number; email: string; token: string };
const people = {} as Record<"daily" | "off" | "instantAlerted" | "dailyAlerted" | "weekly" | "staff", Person>;

const decoded = (m: ReceivedMail) => Buffer.from(mailText(m.raw), "latin1").toString("utf8").replace(/\r\n/g, "\n");
const subjectOf = (m: ReceivedMail) => /^Subject: (.*)$/m.exec(m.raw)?.[1];
const mailsTo = (p: Person) => peer.received.filter((m) => m.to.includes(p.email));

async function call(p: Person, method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) {
  const res = await ctx.app.inject({ method, url, headers: bearer(p.token), payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function person(firstName: string, email?: string): Promise<Person> {
  const u = await createUser(ctx.db, { firstName, email, endDate: "2099-12-31" });
  return { id: u.id, email: u.email, token: await login(ctx.app, u.email, u.password) };
}

/** A quick search with an alert whose last digest went out at `lastSent`. */
async function alertOf(p: Person, frequency: "daily" | "weekly", lastSent: Date) {
  const saved = await call(p, "POST", "/api/saved-search/", { name: `Goa ${frequency}`, resource: "/private-construction-leads", query: "filter=state:Goa" });
  const alert = await call(p, "POST", "/api/email-config/", { saved_search_id: saved.id, frequency });
  await ctx.db.query(`UPDATE email_alert_configs SET last_sent_at = $2 WHERE id = $1`, [alert.id, lastSent]);
}

beforeAll(async () => {
  peer = await startSmtpPeer();
  ctx = await startTestApp({ smtpUrl: peer.url, publicUrl: PUBLIC_URL, jobsIntervalSeconds: 0, digestHourIst: 7 });
  lead1 = await insertProject(ctx.db, { ...PROJECTS[0], key: "digest-1" });
  lead2 = await insertProject(ctx.db, { ...PROJECTS[1], key: "digest-2" });
  people.daily = await person("Dina");
  people.off = await person("Omar");
  people.instantAlerted = await person("Asha");
  people.dailyAlerted = await person("Dev");
  people.weekly = await person("Wes");
  people.staff = await person("Sam", `sam-${Date.now()}@infrascout.in`);

  await call(people.daily, "PUT", "/api/notifications/settings/", { lead_changes: "daily" });
  await call(people.dailyAlerted, "PUT", "/api/notifications/settings/", { lead_changes: "daily" });
  await call(people.off, "PUT", "/api/notifications/settings/", { lead_changes: "off" });
  for (const p of [people.daily, people.off, people.instantAlerted, people.dailyAlerted, people.weekly]) {
    await call(p, "POST", `/api/work/${lead1}/mark/`, { mark: "shortlisted" });
  }
  await call(people.instantAlerted, "POST", `/api/work/${lead2}/mark/`, { mark: "shortlisted" });
  await alertOf(people.instantAlerted, "daily", T0);
  await alertOf(people.dailyAlerted, "daily", T0);
  await alertOf(people.weekly, "weekly", new Date(T0.getTime() - 8 * 24 * HOUR));

  // One staff save, three fields: one change set. Another lead's status, which Asha then opens.
  await call(people.staff, "PATCH", `/api/work/${lead1}/`, { status: "Planning", value: 55e7, completion_date: "2027-03-31" });
  await call(people.staff, "PATCH", `/api/work/${lead2}/`, { status: "Approval" });
  await call(people.instantAlerted, "GET", `/api/work/${lead2}/`);
});
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

describe("change e-mails by setting", () => {
  it("instant: one e-mail for the three changes of one save, right away; daily and off: none yet", async () => {
    const r = await runJobsOnce(ctx.app, T1);
    expect(r.notify).toMatchObject({ changeSets: 2, notifications: 6, changeMails: 3 });
    const [toAsha1, toAsha2] = mailsTo(people.instantAlerted);
    expect(mailsTo(people.instantAlerted)).toHaveLength(2);
    expect(subjectOf(toAsha1)).toBe(`Lead changed: ${PROJECTS[0].title}`);
    expect(decoded(toAsha1)).toContain(LINES.map((l) => `- ${l}`).join("\n"));
    expect(decoded(toAsha1)).toContain(`${PUBLIC_URL}/private-leads/detail/${lead1}`);
    expect(decoded(toAsha1)).toContain("Updated by the InfraScout research team");
    expect(subjectOf(toAsha2)).toBe(`Lead changed: ${PROJECTS[1].title}`);
    for (const p of [people.daily, people.dailyAlerted, people.off]) expect(mailsTo(p)).toEqual([]);
    // Everyone is told in the app whatever their e-mail setting.
    for (const p of [people.daily, people.off, people.dailyAlerted]) {
      const list = await call(p, "GET", "/api/notifications/");
      expect(list.results.map((n: { item_id: number }) => n.item_id)).toEqual([lead1]);
    }
  });

  it("the weekly alert digest due now carries the change in its 'Changed since you last looked' section", async () => {
    const weekly = mailsTo(people.weekly);
    expect(weekly.map(subjectOf).sort()).toEqual(["InfraScout weekly alert: changes to 1 item you follow", `Lead changed: ${PROJECTS[0].title}`]);
    const digest = decoded(weekly.find((m) => subjectOf(m)!.startsWith("InfraScout weekly"))!);
    expect(digest).toContain(`== ${CHANGED_SECTION_TITLE} (1) ==\n- ${PROJECTS[0].title}\n${LINES.map((l) => `  ${l}`).join("\n")}\n  ${PUBLIC_URL}/private-leads/detail/${lead1}`);
  });

  it("daily: the next day's digest says the day's changes, once; a daily alert digest carries them instead of a second mail", async () => {
    const r = await runJobsOnce(ctx.app, NEXT_DAY);
    expect(r).toMatchObject({ changeDigests: 1, failures: 0 });
    const [toDina, ...moreDina] = mailsTo(people.daily);
    expect(moreDina).toEqual([]);
    expect(subjectOf(toDina)).toBe("InfraScout daily changes: 1 item you follow changed");
    const text = decoded(toDina);
    expect(text).toContain("Hello Dina,");
    expect(text).toContain(`== ${CHANGED_SECTION_TITLE} (1) ==\n- ${PROJECTS[0].title}\n${LINES.map((l) => `  ${l}`).join("\n")}`);
    expect(text).not.toContain(PROJECTS[1].title);

    const toDev = mailsTo(people.dailyAlerted);
    expect(toDev.map(subjectOf)).toEqual(["InfraScout daily alert: changes to 1 item you follow"]);
    expect(decoded(toDev[0])).toContain(`- ${PROJECTS[0].title}\n  ${LINES[0]}`);
    expect(mailsTo(people.off)).toEqual([]);

    const again = await runJobsOnce(ctx.app, new Date(NEXT_DAY.getTime() + 60_000));
    expect(again).toMatchObject({ changeDigests: 0, digests: 0 });
    expect(mailsTo(people.daily)).toHaveLength(1);
    expect(mailsTo(people.dailyAlerted)).toHaveLength(1);
  });

  it("an instant follower's daily alert digest lists what changed since it last went out, not what they have looked at since", async () => {
    const digests = mailsTo(people.instantAlerted).filter((m) => subjectOf(m)!.startsWith("InfraScout daily alert"));
    expect(digests).toHaveLength(1);
    const text = decoded(digests[0]);
    expect(subjectOf(digests[0])).toBe("InfraScout daily alert: changes to 1 item you follow");
    expect(text).toContain(`- ${PROJECTS[0].title}\n  ${LINES[0]}`);
    expect(text).not.toContain(PROJECTS[1].title); // opened after it changed
    expect(digests[0].raw).toContain(CHANGED_SECTION_TITLE); // and in the HTML part
  });
});
