// Due reminders, mailed once each at their time through a REAL SMTP server; a failed send is
// retried; completed reminders and future ones are not mailed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { runJobsOnce, startJobRunner } from "../../server/jobs/index.js";
import { bearer, createUser, login, startTestApp, type TestContext, type TestUser } from "./harness.js";
import { PROJECTS, insertProject } from "./search-fixture.js";
import { mailText, startSmtpPeer, type SmtpPeer } from "./smtp-peer.js";

const PUBLIC_URL = "https://infrascout.example.test";
let peer: SmtpPeer;
let ctx: TestContext;
let a: TestUser, token: string, projectId: number;

beforeAll(async () => {
  peer = await startSmtpPeer();
  ctx = await startTestApp({ smtpUrl: peer.url, publicUrl: PUBLIC_URL, jobsIntervalSeconds: 0 });
  a = await createUser(ctx.db, { firstName: "Meera" });
  token = await login(ctx.app, a.email, a.password);
  projectId = await insertProject(ctx.db, PROJECTS[1]);
});
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

const remind = async (inMs: number, note = "") => {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/reminders/list",
    headers: bearer(token),
    payload: { item_type: "project", item_id: projectId, remind_at: new Date(Date.now() + inMs).toISOString(), note },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json();
};
const decoded = (raw: string) => Buffer.from(mailText(raw), "latin1").toString("utf8");
// runJobsOnce resolves after its mails are sent, and the peer records a mail before it
// accepts it: what was sent is in peer.received when the call returns, with no waiting.

describe("reminder mails", () => {
  it("mails a due reminder once, at its time", async () => {
    const r = await remind(3_600_000, "Ask about the <HVAC> tender");
    const later = await remind(5 * 86_400_000);
    const done = await remind(3_600_000);
    await ctx.app.inject({ method: "PATCH", url: `/api/reminders/list/${done.id}`, headers: bearer(token), payload: { completed: true } });

    // Not yet due.
    expect(await runJobsOnce(ctx.app, new Date())).toMatchObject({ ran: true, reminders: 0 });
    // Two hours on: due.
    const twoHours = new Date(Date.now() + 2 * 3_600_000);
    expect(await runJobsOnce(ctx.app, twoHours)).toMatchObject({ reminders: 1 });
    expect(peer.received).toHaveLength(1);
    const m = peer.received[0];
    expect(m.to).toEqual([a.email]);
    expect(m.raw).toMatch(/^Subject: Reminder: Multi-speciality hospital block at Nagpur/m);
    const text = decoded(m.raw);
    expect(text).toContain("Hello Meera,");
    expect(text).toContain("Note: Ask about the <HVAC> tender");
    expect(text).toContain("Ask about the &lt;HVAC&gt; tender");
    expect(text).toContain(`${PUBLIC_URL}/private-leads/detail/${projectId}`);
    expect(text).toContain("IST");

    const after = (await ctx.app.inject({ method: "GET", url: `/api/reminders/list/${r.id}`, headers: bearer(token) })).json();
    expect(after.notified_at).toBe(twoHours.toISOString());
    // Never again.
    expect(await runJobsOnce(ctx.app, new Date(Date.now() + 3 * 3_600_000))).toMatchObject({ reminders: 0 });
    expect(peer.received).toHaveLength(1);
    const states = await ctx.db.query<{ id: number; notified_at: Date | null }>(`SELECT id, notified_at FROM reminders WHERE id = ANY($1::bigint[])`, [[later.id, done.id]]);
    expect(states.rows.every((s) => s.notified_at === null)).toBe(true);
  });

  it("a rescheduled reminder is mailed again at its new time", async () => {
    const r = await remind(3_600_000);
    await runJobsOnce(ctx.app, new Date(Date.now() + 2 * 3_600_000));
    const before = peer.received.length;
    const moved = await ctx.app.inject({ method: "PATCH", url: `/api/reminders/list/${r.id}`, headers: bearer(token), payload: { remind_at: new Date(Date.now() + 86_400_000).toISOString() } });
    expect(moved.json().notified_at).toBeNull();
    expect(await runJobsOnce(ctx.app, new Date(Date.now() + 2 * 86_400_000))).toMatchObject({ reminders: 1 });
    expect(peer.received.length).toBe(before + 1);
  });

  it("a failed send leaves the reminder due; the next run mails it", async () => {
    const r = await remind(3_600_000);
    const broken = await buildApp({ ...ctx.config, smtpUrl: "smtp://127.0.0.1:9" }, ctx.db);
    await broken.ready();
    const when = new Date(Date.now() + 2 * 3_600_000);
    expect(await runJobsOnce(broken, when)).toMatchObject({ reminders: 0, failures: 1 });
    await broken.close();
    const row = await ctx.db.query<{ notified_at: Date | null }>(`SELECT notified_at FROM reminders WHERE id = $1`, [r.id]);
    expect(row.rows[0].notified_at).toBeNull();
    const before = peer.received.length;
    expect(await runJobsOnce(ctx.app, when)).toMatchObject({ reminders: 1, failures: 0 });
    expect(peer.received.length).toBe(before + 1);
  });

  it("the runner started in the API process mails on its own every JOBS_INTERVAL_SECONDS", async () => {
    const app = await buildApp({ ...ctx.config, jobsIntervalSeconds: 1 }, ctx.db);
    await app.ready();
    const runner = startJobRunner(app);
    const before = peer.received.length;
    await ctx.db.query(`INSERT INTO reminders (user_id, item_type, item_id, remind_at, note) VALUES ($1, 'project', $2, now() - interval '1 minute', 'by the runner')`, [a.id, projectId]);
    await peer.waitFor(before + 1, 15_000);
    expect(decoded(peer.received[before].raw)).toContain("Note: by the runner");
    await runner.stop();
    await app.close();
  });
});
