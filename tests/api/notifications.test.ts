// The people who care are told (issue 19, point 2), the whole path through a REAL SMTP server:
// the OCP fictional OCDS tender is imported, subscribers follow it (a reminder, a view, a shared
// link, a quick search with an alert), its amendment release is imported, the job runs, and each
// follower has one in-app notification and one e-mail saying exactly what moved. Nobody who does
// not follow it, may not see it, or was told already is told (again).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationView } from "../../common/notifications.js";
import { buildApp } from "../../server/app.js";
import { runJobsOnce, startJobRunner } from "../../server/jobs/index.js";
import { tellFollowersOfBatch } from "../../server/modules/notifications/fan-out.js";
import { fx, run } from "../fixtures/import/helpers.js";
import { bearer, createUser, login, startTestApp, type TestContext, type TestUser } from "./harness.js";
import { mailText, startSmtpPeer, type ReceivedMail, type SmtpPeer } from "./smtp-peer.js";

const PUBLIC_URL = "https://infrascout.example.test";
const TENDER = fx("ocds", "ocds-213czf-000-00001-02-tender.json");
const AMENDMENT = fx("ocds", "ocds-213czf-000-00001-03-tenderAmendment.json");
const TITLE = "Planned cycle lane improvements";
const MOVED = "Bid closing moved from 1 Apr 2010, 11:30 pm IST to 8 Apr 2010, 11:30 pm IST";

let peer: SmtpPeer;
let ctx: TestContext;
let tenderId: number;
const users: Record<"reminded" | "viewer" | "sharer" | "alerted" | "searchMisses" | "nobody" | "lapsed" | "inactive", TestUser & { token?: string }> = {} as never;

const decoded = (m: ReceivedMail) => Buffer.from(mailText(m.raw), "latin1").toString("utf8");
const subjectOf = (m: ReceivedMail) => /^Subject: (.*)$/m.exec(m.raw)?.[1];
const mailsTo = (u: TestUser) => peer.received.filter((m) => m.to.includes(u.email));

async function as(u: TestUser & { token?: string }) {
  u.token ??= await login(ctx.app, u.email, u.password);
  return bearer(u.token);
}
async function call(u: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  const res = await ctx.app.inject({ method, url, headers: await as(u), payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
/** A later release of the same tender (the amendment's, a day later) that moves the closing date to 2010-04-`day`. */
let releases = 0;
function laterRelease(day: number): string {
  const doc = JSON.parse(fs.readFileSync(AMENDMENT, "utf8"));
  const release = doc.releases[0];
  releases += 1;
  release.id = `ocds-213czf-000-00001-later-${releases}`;
  release.date = new Date(Date.parse(release.date) + releases * 86_400_000).toISOString();
  release.tender.tenderPeriod.endDate = `2010-04-${day}T18:00:00Z`;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "notifications-")), `${release.id}.json`);
  fs.writeFileSync(file, JSON.stringify(doc));
  return file;
}
const notificationsOf = async (u: TestUser): Promise<NotificationView[]> => (await call(u, "GET", "/api/notifications/")).results;

beforeAll(async () => {
  peer = await startSmtpPeer();
  ctx = await startTestApp({ smtpUrl: peer.url, publicUrl: PUBLIC_URL, jobsIntervalSeconds: 0 });
  await run(ctx.db, "ocds", [TENDER]);
  tenderId = Number((await ctx.db.query<{ id: number }>(`SELECT id FROM tenders WHERE ocid = 'ocds-213czf-000-00001'`)).rows[0].id);
  for (const key of Object.keys({ reminded: 1, viewer: 1, sharer: 1, alerted: 1, searchMisses: 1, nobody: 1 }) as (keyof typeof users)[]) {
    users[key] = await createUser(ctx.db, { firstName: key });
  }
  users.lapsed = await createUser(ctx.db, { firstName: "lapsed", endDate: "2020-01-01" });
  users.inactive = await createUser(ctx.db, { firstName: "inactive", active: false });

  await ctx.db.query(`INSERT INTO reminders (user_id, item_type, item_id, remind_at, note) VALUES ($1, 'tender', $2, now() + interval '7 days', 'bid')`, [users.reminded.id, tenderId]);
  await call(users.viewer, "GET", `/api/tender/detail/${tenderId}`);
  await call(users.sharer, "POST", `/api/tender/${tenderId}/share/`);
  for (const [u, q] of [[users.alerted, "search_all_tenders=true&q=cycle lane"], [users.searchMisses, "search_all_tenders=true&q=hospital"]] as const) {
    const saved = await call(u, "POST", "/api/saved-search/", { name: "Mine", resource: "/live-tenders", query: q });
    await call(u, "POST", "/api/email-config/", { saved_search_id: saved.id, frequency: "weekly" });
  }
  // They looked at it once, but may not see it now.
  for (const u of [users.lapsed, users.inactive]) await ctx.db.query(`INSERT INTO recently_viewed (user_id, item_type, item_id) VALUES ($1, 'tender', $2)`, [u.id, tenderId]);
});
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

describe("a tender's amendment, told to its followers", () => {
  it("each follower gets one notification listing the moved closing date, the new document and the corrigendum, with why they follow it", async () => {
    await run(ctx.db, "ocds", [AMENDMENT]);
    const r = await runJobsOnce(ctx.app);
    expect(r.notify).toMatchObject({ ran: true, changeSets: 1, notifications: 4, changeMails: 4, failures: 0 });

    const reasons: Record<string, string[]> = { reminded: ["reminder"], viewer: ["viewed"], sharer: ["shared"], alerted: ["alert"] };
    for (const [key, why] of Object.entries(reasons)) {
      const [n, ...more] = await notificationsOf(users[key as keyof typeof users]);
      expect(more, key).toEqual([]);
      expect(n, key).toMatchObject({ kind: "tender_changes", item_type: "tender", item_id: tenderId, item_title: TITLE, reasons: why, read_at: null });
      expect(n.changes).toContainEqual({ field: "closing_date", old: "2010-04-01T18:00:00Z", new: "2010-04-08T18:00:00Z" });
      expect(n.changes.map((c) => c.field).sort()).toEqual(["closing_date", "corrigendum", "document"]);
    }
    expect((await call(users.reminded, "GET", "/api/notifications/unread-count/")).unread).toBe(1);
  });

  it("each follower gets one e-mail naming the tender and saying exactly what moved, with a link to it", async () => {
    expect(peer.received).toHaveLength(4);
    for (const key of ["reminded", "viewer", "sharer", "alerted"] as const) {
      const mails = mailsTo(users[key]);
      expect(mails, key).toHaveLength(1); // three changes in one import: one message
      expect(subjectOf(mails[0])).toBe(`Tender changed: ${TITLE}`);
      const text = decoded(mails[0]);
      expect(text).toContain(`Hello ${key},`);
      expect(text).toContain(`- ${MOVED}`);
      expect(text).toMatch(/- New document: .+/);
      expect(text).toMatch(/- New corrigendum: .+/);
      expect(text).toContain(`${PUBLIC_URL}/tender/detail/${tenderId}`);
      expect(text).toContain(`${PUBLIC_URL}/notifications#settings`);
    }
    expect(decoded(mailsTo(users.reminded)[0])).toContain("You follow it because you set a reminder on it.");
    expect(decoded(mailsTo(users.alerted)[0])).toContain("one of your quick searches with an e-mail alert finds it");
  });

  it("tells nobody who does not follow it, whose quick search does not find it, or who may not see it now", async () => {
    for (const key of ["nobody", "searchMisses", "lapsed", "inactive"] as const) {
      const { rows } = await ctx.db.query(`SELECT 1 FROM notifications WHERE user_id = $1`, [users[key].id]);
      expect(rows, key).toEqual([]);
      expect(mailsTo(users[key]), key).toEqual([]);
    }
    expect(await notificationsOf(users.nobody)).toEqual([]);
  });

  it("re-running the job, or telling the same change set again, tells nobody twice", async () => {
    expect((await runJobsOnce(ctx.app)).notify).toMatchObject({ notifications: 0, changeMails: 0 });
    await ctx.db.query(`UPDATE change_sets SET notified_at = NULL`); // as if a second process fanned it out again
    expect((await runJobsOnce(ctx.app)).notify).toMatchObject({ ran: true, changeSets: 1, notifications: 0, changeMails: 0 });
    const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications`);
    expect(rows[0].n).toBe(4);
    expect(peer.received).toHaveLength(4);
    // Re-importing the same amendment changes nothing, so tells nothing.
    await run(ctx.db, "ocds", [AMENDMENT]);
    expect((await runJobsOnce(ctx.app)).notify).toMatchObject({ notifications: 0, changeMails: 0 });
    expect(peer.received).toHaveLength(4);
  });

  it("a follower who reads the notification in the app before the mail goes is not mailed it", async () => {
    await run(ctx.db, "ocds", [laterRelease(15)]);
    // Told in one step, mailed in the next, as when the reader clicks in between.
    expect(await tellFollowersOfBatch(ctx.db, ctx.config.staffDomains, new Date())).toMatchObject({ sets: 1, notifications: 4 });
    expect(await call(users.viewer, "POST", "/api/notifications/read/", { all: true })).toEqual({ unread: 0 });
    const before = peer.received.length;
    expect((await runJobsOnce(ctx.app)).notify).toMatchObject({ changeMails: 3 });
    expect(peer.received.length).toBe(before + 3);
    expect(mailsTo(users.viewer)).toHaveLength(1);
    const back = decoded(mailsTo(users.reminded)[1]);
    expect(back).toContain("- Bid closing moved from 8 Apr 2010, 11:30 pm IST to 15 Apr 2010, 11:30 pm IST");
  });

  it("a follower whose subscription ends between being told and the mail is not mailed", async () => {
    await run(ctx.db, "ocds", [laterRelease(18)]);
    expect(await tellFollowersOfBatch(ctx.db, ctx.config.staffDomains, new Date())).toMatchObject({ sets: 1, notifications: 4 });
    await ctx.db.query(`UPDATE users SET end_date = '2020-01-01' WHERE id = $1`, [users.sharer.id]);
    const before = mailsTo(users.sharer).length;
    expect((await runJobsOnce(ctx.app)).notify).toMatchObject({ changeMails: 3 });
    expect(mailsTo(users.sharer)).toHaveLength(before);
    const { rows } = await ctx.db.query<{ email: string }>(`SELECT email FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [users.sharer.id]);
    expect(rows[0].email).toBe("skipped");
    await ctx.db.query(`UPDATE users SET end_date = '2099-12-31' WHERE id = $1`, [users.sharer.id]);
  });

  it("the runner started in the API process tells followers on its own, well within a minute", async () => {
    const app = await buildApp({ ...ctx.config, jobsIntervalSeconds: 1 }, ctx.db);
    await app.ready();
    const runner = startJobRunner(app);
    try {
      const before = peer.received.length;
      await run(ctx.db, "ocds", [laterRelease(22)]);
      await peer.waitFor(before + 4, 20_000);
      expect(decoded(mailsTo(users.reminded).at(-1)!)).toContain("- Bid closing moved from 18 Apr 2010, 11:30 pm IST to 22 Apr 2010, 11:30 pm IST");
    } finally {
      await runner.stop();
      await app.close();
    }
  });
});
