// A team's daily feed (issue 20, point 6) against a REAL SMTP server on loopback: an admin sets it
// up with their own quick searches; the day's run mails one CSV (or XLSX) of what arrived to the
// chosen members and posts it to the team's webhook; nothing is sent twice or lost (a failed
// mail sends the same window again); bad set-ups answer 400/403 and change nothing.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { runJobsOnce } from "../../server/jobs/index.js";
import { bearer, createUser, login, startTestApp, testDataDir, type TestContext, type TestUser } from "./harness.js";
import { PROJECTS, insertProject, type P } from "./search-fixture.js";
import { insertTender } from "./tender-fixture.js";
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from "./smtp-peer.js";

const PUBLIC_URL = "https://infrascout.example.test";
// Tuesday 8 January 2030, 11:30 IST: the day's feed (07:00 IST) is due.
const NOW = new Date("2030-01-08T06:00:00Z");
const DAY = 86_400_000;

let peer: SmtpPeer;
let t: TestContext;
let asha: TestUser & { token: string };
let bala: TestUser & { token: string };
let teamId: number;
const ids: Record<string, number> = {};
const searches: Record<string, number> = {};

const lead = (title: string, over: Partial<P>): P => ({ ...PROJECTS[0], key: title, title, keywords: [], description: "", ...over });
const call = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** The attachment of a mail the peer received: its file name and bytes (nodemailer sends base64). */
function attachmentOf(m: ReceivedMail): { filename: string; content: Buffer } {
  const part = m.raw.split(/\r?\n--/).find((p) => /Content-Disposition: attachment/i.test(p))!;
  const filename = /filename="?([^";\r\n]+)"?/.exec(part)![1];
  const body = part.split(/\r?\n\r?\n/).slice(1).join("").replace(/[^A-Za-z0-9+/=]/g, "");
  return { filename, content: Buffer.from(body, "base64") };
}

async function signedIn(firstName: string) {
  const u = await createUser(t.db, { firstName, endDate: "2099-12-31" });
  return { ...u, token: await login(t.app, u.email, u.password) };
}

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await startTestApp({ smtpUrl: peer.url, publicUrl: PUBLIC_URL, jobsIntervalSeconds: 0, digestHourIst: 7 });
  asha = await signedIn("Asha");
  bala = await signedIn("Bala");
  teamId = (await call("POST", "/api/team/", asha.token, { name: "Feed team" })).json().id;
  await t.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'member')`, [teamId, bala.id]);

  ids.metro = await insertProject(t.db, lead("Mumbai metro depot", { state: "Maharashtra", arrived: "2030-01-07T10:00:00Z" }));
  ids.formula = await insertProject(t.db, lead("=HYPERLINK(\"http://evil\",\"Click\") tower", { state: "Maharashtra", arrived: "2030-01-07T11:00:00Z" }));
  ids.rajasthan = await insertProject(t.db, lead("Jaipur ring road", { state: "Rajasthan", arrived: "2030-01-07T12:00:00Z" }));
  ids.old = await insertProject(t.db, lead("Thane old tower", { state: "Maharashtra", arrived: "2029-12-01T00:00:00Z" }));
  const tender = { org: "Pune Municipal Corporation", status: "Live", category: "goods", value: 2e7, state: "Maharashtra", city: "Pune", published: "2030-01-07T08:00:00Z", statusUpdate: "2030-01-07T08:00:00Z" };
  ids.tender = await insertTender(t.db, { ...tender, key: "feed-meters", title: "Supply of water meters for Pune", closing: "2030-02-01T00:00:00Z" });
  await t.db.query(`UPDATE tenders SET arrived_date = '2030-01-07T09:00:00Z' WHERE id = $1`, [ids.tender]);

  const save = async (u: { token: string }, name: string, resource: string, query: string) => (await call("POST", "/api/saved-search/", u.token, { name, resource, query })).json().id;
  searches.mh = await save(asha, "Maharashtra leads", "/private-construction-leads", "filter=state:Maharashtra");
  searches.tenders = await save(asha, "Live tenders", "/live-tenders", "");
  searches.balas = await save(bala, "Bala's own", "/private-construction-leads", "");
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const setup = (over: Record<string, unknown> = {}, token = asha.token) =>
  call("PUT", "/api/team/feed/", token, { saved_search_ids: [searches.mh, searches.tenders], format: "csv", email_to: [asha.id, bala.id], webhook_id: null, enabled: true, ...over });

describe("setting up the feed", () => {
  it("refuses a member, another's quick search, a non-member's address, another team's webhook and nowhere to send, changing nothing", async () => {
    expect((await setup({}, bala.token)).statusCode).toBe(403);
    expect((await setup({ saved_search_ids: [searches.balas] })).json()).toEqual({ detail: "Choose your own quick searches: others' are private to them." });
    const outsider = await signedIn("Chitra");
    expect((await setup({ email_to: [outsider.id] })).json()).toEqual({ detail: "The feed can be mailed only to members of your team." });
    const otherTeam = (await call("POST", "/api/team/", outsider.token, { name: "Elsewhere" })).json().id;
    const hook = await t.db.query<{ id: number }>(`INSERT INTO webhooks (team_id, url, secret_enc, secret_hint, events) VALUES ($1, 'https://x.example/h', 's', 'abcd', '{item.changed}') RETURNING id`, [otherTeam]);
    expect((await setup({ webhook_id: hook.rows[0].id })).json()).toEqual({ detail: "Choose one of your team's webhooks." });
    expect((await setup({ email_to: [] })).json()).toEqual({ detail: "Choose members to mail the feed to, or a webhook to post it to." });
    expect((await setup({ format: "pdf" })).statusCode).toBe(400);
    expect((await call("GET", "/api/team/feed/", bala.token)).json()).toEqual({ feed: null, runs: [] });
  });

  it("is set up by an admin with their own quick searches, and read by every member", async () => {
    const res = await setup();
    expect(res.statusCode, res.body).toBe(200);
    const view = (await call("GET", "/api/team/feed/", bala.token)).json();
    expect(view.feed).toMatchObject({ format: "csv", enabled: true, owner: { id: asha.id, name: "Asha" }, covered_until: null, email_to: [asha.id, bala.id] });
    expect(view.feed.searches.map((s: { name: string }) => s.name)).toEqual(["Maharashtra leads", "Live tenders"]);
    const audit = await t.db.query(`SELECT action FROM audit_log WHERE action = 'team_feed_saved' AND actor_id = $1`, [asha.id]);
    expect(audit.rows).toHaveLength(1);
  });
});

describe("the day's run", () => {
  it("mails each chosen member one CSV of what arrived, with links, formulas defused, and records the run", async () => {
    peer.received.length = 0;
    const run = await runJobsOnce(t.app, NOW);
    expect(run.teamFeeds).toBe(1);
    const mails = await peer.waitFor(2);
    expect(mails.map((m) => m.to).flat().sort()).toEqual([asha.email, bala.email].map((e) => e.toLowerCase()).sort());
    const { filename, content } = attachmentOf(mails[0]);
    expect(filename).toBe("infrascout-feed-2030-01-08.csv");
    const csv = content.toString("utf8");
    expect(csv.startsWith("\uFEFFQuick search,Item type,ID,Title")).toBe(true);
    expect(csv).toContain(`Maharashtra leads,project,${ids.metro},Mumbai metro depot`);
    expect(csv).toContain(`${PUBLIC_URL}/private-leads/detail/${ids.metro}`);
    expect(csv).toContain(`Live tenders,tender,${ids.tender},Supply of water meters for Pune`);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""Click"") tower"`);
    expect(csv).not.toContain("Jaipur ring road"); // not in the quick search
    expect(csv).not.toContain("Thane old tower"); // arrived before the window
    const view = (await call("GET", "/api/team/feed/", asha.token)).json();
    expect(view.feed.covered_until).toBe("2030-01-08T01:30:00.000Z"); // 07:00 IST
    expect(view.runs[0]).toMatchObject({ status: "sent", rows: 3, emailed: 2, posted: false, manual: false, covered_from: "2030-01-07T01:30:00.000Z" });
  });

  it("sends nothing again for the same day, and next day only what arrived since", async () => {
    peer.received.length = 0;
    expect((await runJobsOnce(t.app, new Date(NOW.getTime() + 60_000))).teamFeeds).toBe(0);
    ids.next = await insertProject(t.db, lead("Pune warehouse", { state: "Maharashtra", arrived: "2030-01-08T09:00:00Z" }));
    expect((await runJobsOnce(t.app, new Date(NOW.getTime() + DAY))).teamFeeds).toBe(1);
    const csv = attachmentOf((await peer.waitFor(2))[0]).content.toString("utf8");
    expect(csv).toContain("Pune warehouse");
    expect(csv).not.toContain("Mumbai metro depot");
  });

  it("sends the same window again when the mail could not go, and says so in the runs", async () => {
    const broken = await buildApp(loadConfig({}, { logLevel: "silent", serveWebApp: false, dataDir: testDataDir, publicUrl: PUBLIC_URL, jobsIntervalSeconds: 0, digestHourIst: 7 }), t.db, {
      mailer: { send: async () => { throw new Error("smtp down"); }, describe: () => "broken" },
    });
    await broken.ready();
    try {
      await insertProject(t.db, lead("Nashik cold store", { state: "Maharashtra", arrived: "2030-01-09T09:00:00Z" }));
      const at = new Date(NOW.getTime() + 2 * DAY);
      expect(await runJobsOnce(broken, at)).toMatchObject({ teamFeeds: 0, failures: 1 });
      const view = (await call("GET", "/api/team/feed/", asha.token)).json();
      expect(view.runs[0]).toMatchObject({ status: "failed", error: "The feed could not be mailed; it will be sent again on the next run." });
      expect(view.feed.covered_until).toBe("2030-01-09T01:30:00.000Z"); // unchanged
      peer.received.length = 0;
      expect((await runJobsOnce(t.app, at)).teamFeeds).toBe(1);
      expect(attachmentOf((await peer.waitFor(2))[0]).content.toString("utf8")).toContain("Nashik cold store");
    } finally {
      await broken.close();
    }
  });
});

describe("sending now", () => {
  it("posts an XLSX with one sheet per quick search to the team's webhook, signed and retried like every delivery", async () => {
    const hook = await t.db.query<{ id: number }>(`INSERT INTO webhooks (team_id, url, secret_enc, secret_hint, events) VALUES ($1, 'https://crm.example.com/h', 's', 'abcd', '{item.changed}') RETURNING id`, [teamId]);
    expect((await setup({ format: "xlsx", email_to: [], webhook_id: hook.rows[0].id })).statusCode).toBe(200);
    // "Now" is the real clock here: the window is the last day before it.
    await t.db.query(`UPDATE team_feeds SET covered_until = now() - interval '1 day' WHERE team_id = $1`, [teamId]);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await insertProject(t.db, lead("Kolhapur foundry shed", { state: "Maharashtra", arrived: hourAgo }));
    await insertProject(t.db, lead("=HYPERLINK(\"http://evil\",\"Click\") hall", { state: "Maharashtra", arrived: hourAgo }));
    expect((await call("POST", "/api/team/feed/send/", bala.token)).statusCode).toBe(403);
    const sent = await call("POST", "/api/team/feed/send/", asha.token);
    expect(sent.json()).toMatchObject({ status: "sent", emailed: 0, posted: true });
    const { rows } = await t.db.query<{ event: string; body: string; status: string }>(`SELECT event, body, status FROM webhook_deliveries WHERE webhook_id = $1`, [hook.rows[0].id]);
    expect(rows.map((r) => [r.event, r.status])).toEqual([["feed.daily", "pending"]]);
    const data = JSON.parse(rows[0].body).data;
    expect(data.file).toMatchObject({ name: expect.stringMatching(/^infrascout-feed-\d{4}-\d\d-\d\d\.xlsx$/), encoding: "base64" });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(data.file.content, "base64") as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(["Maharashtra leads", "Live tenders"]);
    const titles = wb.worksheets[0].getColumn(2).values.slice(2);
    expect(titles).toContain("Kolhapur foundry shed");
    expect(titles).toContain(`'=HYPERLINK("http://evil","Click") hall`);
    expect(titles).not.toContain("Mumbai metro depot"); // sent before
    expect((await call("GET", "/api/team/feed/", asha.token)).json().runs[0]).toMatchObject({ manual: true, posted: true, status: "sent" });
  });

  it("stops when its owner leaves the team, and says why", async () => {
    const admin = await signedIn("Dev");
    await t.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'admin')`, [teamId, admin.id]);
    const own = (await call("POST", "/api/saved-search/", admin.token, { name: "Dev's leads", resource: "/private-construction-leads", query: "" })).json().id;
    expect((await setup({ saved_search_ids: [own], email_to: [asha.id], webhook_id: null }, admin.token)).statusCode).toBe(200);
    const memberId = (await call("GET", "/api/team/", asha.token)).json().members.find((m: { user_id: number }) => m.user_id === admin.id).id;
    expect((await call("DELETE", `/api/team/members/${memberId}/`, asha.token)).statusCode).toBe(204);
    const res = await call("POST", "/api/team/feed/send/", asha.token);
    expect(res.json()).toMatchObject({ status: "failed", error: "Dev is no longer in the team: an admin should set the feed up with their own quick searches." });
    expect((await call("DELETE", "/api/team/feed/", asha.token)).statusCode).toBe(204);
    expect((await call("GET", "/api/team/feed/", asha.token)).json().feed).toBeNull();
  });
});
