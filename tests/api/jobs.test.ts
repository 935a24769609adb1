// The job runner's alert digests against a REAL SMTP server on loopback: recipients, subject,
// content (items, why they matched, links, unsubscribe), no repeats, nothing lost or repeated
// after a failed send / crash and a restart, and exactly once with two app instances at once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { runJobsOnce } from "../../server/jobs/index.js";
import { sendDueDigests, takeDigestLock } from "../../server/jobs/digests.js";
import { acquireLease } from "../../server/jobs/lease.js";
import type { Mailer } from "../../server/mail/mailer.js";
import { createUser, login, openTestDb, startTestApp, bearer, testDataDir, type TestContext, type TestUser } from "./harness.js";
import { PROJECTS, insertProject, type P } from "./search-fixture.js";
import { insertTender } from "./tender-fixture.js";
import { mailText, startSmtpPeer, type ReceivedMail, type SmtpPeer } from "./smtp-peer.js";

const PUBLIC_URL = "https://infrascout.example.test";
// Tuesday 8 January 2030, 11:30 IST: daily digests are due (07:00 IST passed), weekly ones too
// (the latest Monday 07:00 IST is after the alerts were created).
const NOW = new Date("2030-01-08T06:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
const MIN = 60_000, HOUR = 3_600_000, DAY = 86_400_000;

let peer: SmtpPeer;
let ctx: TestContext;
let a: TestUser, b: TestUser;
const ids: Record<string, number> = {};

const base = PROJECTS[0];
const lead = (title: string, over: Partial<P>): P => ({ ...base, key: title, title, keywords: [], description: "", ...over });

function configFor(overrides: Record<string, unknown> = {}) {
  return loadConfig({}, { logLevel: "silent", serveWebApp: false, dataDir: testDataDir, smtpUrl: peer.url, publicUrl: PUBLIC_URL, jobsIntervalSeconds: 0, digestHourIst: 7, ...overrides });
}
/** Another API process on the same database (a restart, or a second instance). */
async function instance(mailer?: Mailer): Promise<App> {
  const app = await buildApp(configFor(), ctx.db, { mailer });
  await app.ready();
  return app;
}
const decoded = (m: ReceivedMail) => Buffer.from(mailText(m.raw), "latin1").toString("utf8");
const subjectOf = (m: ReceivedMail) => /^Subject: (.*)$/m.exec(m.raw)?.[1];
async function settle() {
  await new Promise((r) => setTimeout(r, 150));
}

beforeAll(async () => {
  peer = await startSmtpPeer();
  ctx = await startTestApp({ smtpUrl: peer.url, publicUrl: PUBLIC_URL, jobsIntervalSeconds: 0, digestHourIst: 7 });
  const far = "2099-12-31";
  a = await createUser(ctx.db, { firstName: "Asha", statuses: ["Planning"], endDate: far });
  b = await createUser(ctx.db, { firstName: "Bala", statuses: ["Completed"], endDate: far });
  const lapsed = await createUser(ctx.db, { firstName: "Old", endDate: "2020-01-01" });
  const off = await createUser(ctx.db, { firstName: "Off", endDate: far });

  ids.mh = await insertProject(ctx.db, lead("Mumbai metro depot", { category: "construction", state: "Maharashtra", status: "Planning", arrived: "2030-01-07T10:00:00Z" }));
  ids.rj = await insertProject(ctx.db, lead("Jaipur ring road flyover", { category: "construction", state: "Rajasthan", status: "Under Construction", arrived: "2030-01-07T11:00:00Z" }));
  ids.ind = await insertProject(ctx.db, lead("Chakan auto components plant", { category: "industrial", state: "Maharashtra", status: "Planning", arrived: "2030-01-07T12:00:00Z" }));
  ids.late = await insertProject(ctx.db, lead("Nashik <warehouse> & cold store", { category: "construction", state: "Maharashtra", status: "Planning", arrived: at(-30 * MIN).toISOString() }));
  ids.old = await insertProject(ctx.db, lead("Thane old tower", { category: "construction", state: "Maharashtra", status: "Planning", arrived: "2029-12-01T00:00:00Z" }));
  // The feed's tenders: live ones only (a closing date after the digest), whatever their state (A prefers none).
  const tender = { org: "Pune Municipal Corporation", status: "Live", category: "goods", value: 2e7, state: "Maharashtra", city: "Pune", published: "2030-01-07T08:00:00Z", statusUpdate: "2030-01-07T08:00:00Z" };
  ids.tender = await insertTender(ctx.db, { ...tender, key: "feed-live", title: "Supply of water meters for Pune", closing: "2030-02-01T00:00:00Z" });
  ids.closedTender = await insertTender(ctx.db, { ...tender, key: "feed-closed", title: "Repair of Pune ward office", closing: "2030-01-05T00:00:00Z" });
  await ctx.db.query(`UPDATE tenders SET arrived_date = '2030-01-07T09:00:00Z' WHERE id = ANY($1::bigint[])`, [[ids.tender, ids.closedTender]]);

  const post = async (user: TestUser, url: string, payload: unknown) => {
    const token = await login(ctx.app, user.email, user.password);
    const res = await ctx.app.inject({ method: "POST", url, headers: bearer(token), payload: payload as object });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const mh = await post(a, "/api/saved-search/", { name: "Maharashtra", resource: "/private-construction-leads", query: "filter=state:Maharashtra" });
  await post(a, "/api/email-config/", { saved_search_id: mh.id, frequency: "daily" });
  await post(a, "/api/email-config/", { saved_search_id: null, frequency: "daily" });
  const ind = await post(b, "/api/saved-search/", { name: "Industrial", resource: "/private-industrial-leads", query: "" });
  await post(b, "/api/email-config/", { saved_search_id: ind.id, frequency: "weekly" });
  await ctx.db.query(`INSERT INTO email_alert_configs (user_id, saved_search_id, frequency) VALUES ($1, NULL, 'daily')`, [lapsed.id]);
  await ctx.db.query(`INSERT INTO email_alert_configs (user_id, saved_search_id, frequency, enabled) VALUES ($1, NULL, 'daily', false)`, [off.id]);
});
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

/** Back to "nothing sent yet". */
async function reset() {
  await ctx.db.query(`DELETE FROM alert_deliveries`);
  await ctx.db.query(`DELETE FROM alert_unsubscribe_tokens`);
  await ctx.db.query(`DELETE FROM job_leases`);
  await ctx.db.query(`UPDATE email_alert_configs SET last_sent_at = NULL`);
  peer.received.length = 0;
}

describe("alert digests", () => {
  beforeAll(reset);

  it("sends one digest per user and frequency with the new items, why they matched, links and unsubscribe links", async () => {
    const run = await runJobsOnce(ctx.app, NOW);
    expect(run).toMatchObject({ ran: true, digests: 2, failures: 0 });
    await settle();
    expect(peer.received).toHaveLength(2);
    const toA = peer.received.find((m) => m.to.includes(a.email))!;
    const toB = peer.received.find((m) => m.to.includes(b.email))!;
    expect(toA.to).toEqual([a.email]);
    expect(toB.to).toEqual([b.email]);

    // A: the feed (Planning leads, then live tenders) and the Maharashtra construction search, newest first.
    expect(subjectOf(toA)).toBe("InfraScout daily alert: 6 new items");
    const textA = decoded(toA);
    expect(textA).toContain("Hello Asha,");
    const feedPart = textA.slice(textA.indexOf("== My Feed (4 new) =="), textA.indexOf("== Maharashtra (2 new) =="));
    expect(feedPart.indexOf("Nashik <warehouse> & cold store")).toBeLessThan(feedPart.indexOf("Chakan auto components plant"));
    expect(feedPart.indexOf("Chakan auto components plant")).toBeLessThan(feedPart.indexOf("Mumbai metro depot"));
    expect(feedPart).toContain("Why: Your feed; status: Planning");
    expect(feedPart.indexOf("Mumbai metro depot")).toBeLessThan(feedPart.indexOf("Supply of water meters for Pune"));
    expect(feedPart).toContain(`${PUBLIC_URL}/tender/detail/${ids.tender}`);
    expect(feedPart).toContain("Live · Pune, Maharashtra · ₹2 Cr");
    expect(textA).not.toContain("Repair of Pune ward office"); // closed before the digest: not live
    const searchPart = textA.slice(textA.indexOf("== Maharashtra (2 new) =="), textA.indexOf("Manage your alerts"));
    expect(searchPart).toContain("Mumbai metro depot");
    expect(searchPart).toContain("Why: Quick search “Maharashtra”");
    expect(searchPart).not.toContain("Chakan"); // industrial: not in a construction search
    expect(textA).not.toContain("Jaipur ring road"); // neither Planning nor Maharashtra
    expect(textA).not.toContain("Thane old tower"); // arrived before this digest's window
    expect(textA).toContain(`${PUBLIC_URL}/private-leads/detail/${ids.mh}`);
    expect(textA).toContain("Planning · Pune, Maharashtra · ₹50 Cr");
    // HTML: escaped titles, links.
    expect(textA).toContain("Nashik &lt;warehouse&gt; &amp; cold store");
    expect(textA).toContain(`<a href="${PUBLIC_URL}/private-leads/detail/${ids.late}">`);
    const unsubscribe = [...textA.matchAll(/Unsubscribe from "([^"]+)": (\S+)/g)];
    expect(unsubscribe.map((m) => m[1])).toEqual(["My Feed", "Maharashtra"]);
    expect(unsubscribe[1][2]).toMatch(new RegExp(`^${PUBLIC_URL}/api/email-config/unsubscribe/\\?token=[A-Za-z0-9_-]{32}$`));

    // B: weekly, the industrial search.
    expect(subjectOf(toB)).toBe("InfraScout weekly alert: 1 new item");
    const textB = decoded(toB);
    expect(textB).toContain("Chakan auto components plant");
    expect(textB).toContain("Why: Quick search “Industrial”");
    expect(textB).not.toContain("Mumbai metro depot");

    // The unsubscribe link works without signing in.
    const url = new URL(unsubscribe[1][2]);
    const res = await ctx.app.inject({ method: "GET", url: url.pathname + url.search });
    expect(res.statusCode).toBe(200);
    const cfg = await ctx.db.query<{ enabled: boolean }>(
      `SELECT c.enabled FROM email_alert_configs c JOIN saved_searches s ON s.id = c.saved_search_id WHERE s.name = 'Maharashtra'`,
    );
    expect(cfg.rows[0].enabled).toBe(false);
    await ctx.db.query(`UPDATE email_alert_configs SET enabled = true`);
    await ctx.db.query(`UPDATE email_alert_configs c SET enabled = false FROM users u WHERE u.id = c.user_id AND u.first_name = 'Off'`);
  });

  it("does not send again in the same period, nor ever the same item twice", async () => {
    expect(await runJobsOnce(ctx.app, at(MIN))).toMatchObject({ ran: true, digests: 0, digestsChecked: 0 });
    // The next day: only what arrived since (the item that arrived just before the last digest
    // is inside the look-back overlap but was already mailed).
    ids.next = await insertProject(ctx.db, lead("Pune IT park phase 2", { category: "construction", state: "Maharashtra", status: "Planning", arrived: at(2 * HOUR).toISOString() }));
    const run = await runJobsOnce(ctx.app, at(DAY));
    expect(run).toMatchObject({ digests: 1, digestsChecked: 1 });
    await settle();
    expect(peer.received).toHaveLength(3);
    const m = peer.received[2];
    expect(m.to).toEqual([a.email]);
    expect(subjectOf(m)).toBe("InfraScout daily alert: 2 new items");
    const text = decoded(m);
    expect(text).toContain("Pune IT park phase 2");
    expect(text).not.toContain("Nashik");
    expect(text).not.toContain("Mumbai metro depot");
    // A day with nothing new: checked, no mail.
    expect(await runJobsOnce(ctx.app, at(2 * DAY))).toMatchObject({ digests: 0, digestsChecked: 1 });
    await settle();
    expect(peer.received).toHaveLength(3);
    const dup = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM alert_deliveries`);
    expect(dup.rows[0].n).toBe(4 + 2 + 1 + 2);
  });

  it("goes weekly on Mondays (IST) and pauses for a lapsed subscription", async () => {
    // Sunday 13 Jan 2030: B's weekly digest is not due; Monday 14 Jan after 07:00 IST it is.
    expect((await runJobsOnce(ctx.app, new Date("2030-01-13T12:00:00Z"))).digestsChecked).toBe(1); // A's daily only
    const monday = await runJobsOnce(ctx.app, new Date("2030-01-14T02:00:00Z")); // 07:30 IST
    expect(monday.digestsChecked).toBe(2);
    const lapsed = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM email_alert_configs c JOIN users u ON u.id = c.user_id WHERE u.first_name IN ('Old', 'Off') AND c.last_sent_at IS NOT NULL`,
    );
    expect(lapsed.rows[0].n).toBe(0);
  });
});

describe("failure, crash and restart", () => {
  beforeAll(reset);

  it("rolls the claim back when sending fails, and the next run (a restarted process) sends it once", async () => {
    const failing: Mailer = { async send() { throw new Error("SMTP connection lost between claim and send"); }, describe: () => "failing" };
    const crashed = await instance(failing);
    const run = await runJobsOnce(crashed, NOW);
    expect(run).toMatchObject({ ran: true, digests: 0, failures: 2 });
    await crashed.close();
    const state = await ctx.db.query<{ d: number; t: number; s: number }>(
      `SELECT (SELECT count(*)::int FROM alert_deliveries) AS d, (SELECT count(*)::int FROM alert_unsubscribe_tokens) AS t,
              (SELECT count(*)::int FROM email_alert_configs WHERE last_sent_at IS NOT NULL) AS s`,
    );
    expect(state.rows[0]).toEqual({ d: 0, t: 0, s: 0 });

    // A process that died holding the lease: nobody runs until it expires.
    await ctx.db.query(`INSERT INTO job_leases (name, holder, expires_at) VALUES ('jobs', 'dead-process', now() + interval '1 hour')`);
    const restarted = await instance();
    expect(await runJobsOnce(restarted, NOW)).toMatchObject({ ran: false, digests: 0 });
    await ctx.db.query(`UPDATE job_leases SET expires_at = now() - interval '1 second'`);
    expect(await runJobsOnce(restarted, NOW)).toMatchObject({ ran: true, digests: 2, failures: 0 });
    await settle();
    expect(peer.received.map((m) => m.to[0]).sort()).toEqual([a.email, b.email].sort());
    // And never again, from either process.
    expect(await runJobsOnce(restarted, at(MIN))).toMatchObject({ digests: 0 });
    expect(await runJobsOnce(ctx.app, at(MIN))).toMatchObject({ digests: 0 });
    await settle();
    expect(peer.received).toHaveLength(2);
    await restarted.close();
  });

  it("a digest whose SMTP server refuses is retried on the next run (real SMTP, wrong port)", async () => {
    await reset();
    const app = await buildApp(configFor({ smtpUrl: "smtp://127.0.0.1:9" }), ctx.db);
    await app.ready();
    expect(await runJobsOnce(app, NOW)).toMatchObject({ digests: 0, failures: 2 });
    await app.close();
    expect(await runJobsOnce(ctx.app, NOW)).toMatchObject({ digests: 2, failures: 0 });
    await settle();
    expect(peer.received).toHaveLength(2);
  });
});

describe("one process at a time", () => {
  beforeEach(reset);

  it("two app instances running the jobs at once send each digest exactly once", async () => {
    const x = await instance();
    const y = await instance();
    const runs = await Promise.all([runJobsOnce(x, NOW), runJobsOnce(y, NOW), runJobsOnce(ctx.app, NOW)]);
    expect(runs.reduce((n, r) => n + r.digests, 0)).toBe(2);
    await settle();
    expect(peer.received).toHaveLength(2);
    await x.close();
    await y.close();
  });

  it("even without the lease, the claims never send a digest twice", async () => {
    const x = await instance();
    const y = await instance();
    const always = async () => true;
    const runs = await Promise.all([sendDueDigests(x, NOW, always), sendDueDigests(y, NOW, always)]);
    expect(runs[0].sent + runs[1].sent).toBe(2);
    await settle();
    expect(peer.received).toHaveLength(2);
    await x.close();
    await y.close();
  });

  it("a digest lock held in another schema on the same server (another test file, deployment) holds no digest here back", async () => {
    const other = await openTestDb({ besides: ctx.db }); // another schema of this database on PostgreSQL; on PGlite, another database
    try {
      await other.db.transaction(async (tx) => {
        // The same user id and frequency as Asha's daily digest here, locked over there until this commits.
        expect(await takeDigestLock(tx, a.id, "daily")).toBe(true);
        expect((await sendDueDigests(ctx.app, NOW, async () => true)).sent).toBe(2);
      });
    } finally {
      await other.db.close();
      await other.drop();
    }
    await settle();
    expect(peer.received).toHaveLength(2);
  });

  it("a lease held by a live process makes the others skip the round", async () => {
    expect(await acquireLease(ctx.db, "jobs", "someone-else", 60)).toBe(true);
    expect(await acquireLease(ctx.db, "jobs", "a-third", 60)).toBe(false);
    expect(await runJobsOnce(ctx.app, NOW)).toMatchObject({ ran: false });
    await ctx.db.query(`DELETE FROM job_leases`);
    expect(await runJobsOnce(ctx.app, NOW)).toMatchObject({ ran: true, digests: 2 });
  });
});
