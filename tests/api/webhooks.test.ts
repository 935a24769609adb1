// Signed webhooks (issue 20, point 4), end to end against a REAL local HTTP endpoint: a team's
// admins add webhooks (https and public only, unless WEBHOOK_ALLOW_PRIVATE), events are delivered
// signed (HMAC-SHA256 of the raw body), failures are retried on the schedule and logged, a delivery
// is replayed, the secret is never answered, other teams' ids are 404 and plain members 403.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_RETRY_DELAYS_SECONDS } from "../../common/webhooks.js";
import { runNotificationsOnce, runWebhooksOnce } from "../../server/jobs/index.js";
import { DELIVERY_RETENTION_DAYS, pruneDeliveries } from "../../server/modules/integrations/queries.js";
import { HOST_NOT_FOUND, HTTPS_ONLY, NO_CREDENTIALS, NOT_PUBLIC } from "../../server/modules/integrations/url-policy.js";
import { fx, run } from "../fixtures/import/helpers.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { makeProject } from "./lead-fixture.js";
import { startWebhookPeer, type WebhookPeer } from "./webhook-peer.js";

const PUBLIC_URL = "https://app.infrascout.test";
const SECRET = "whsec-Correct-Horse-Battery-Staple-42";
const EVENTS = ["lead.shortlisted", "item.changed"];

let strict: TestContext; // WEBHOOK_ALLOW_PRIVATE unset: the production rules
let open: TestContext; // WEBHOOK_ALLOW_PRIVATE=true (on-premise), over the same database
let peer: WebhookPeer;
/** Every response body of the test, to show the secret is in none. */
const bodies: string[] = [];

interface Person { id: number; email: string; token: string }
let owner: Person, admin: Person, member: Person, loner: Person, otherOwner: Person;
let teamId: number;

type Method = "GET" | "POST" | "DELETE";
async function call(ctx: TestContext, method: Method, url: string, who: Person, payload?: object) {
  const res = await ctx.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
  bodies.push(res.body);
  return res;
}
const hooksUrl = "/api/integrations/webhooks/";
const addHook = (ctx: TestContext, who: Person, url: string, extra: object = {}) => call(ctx, "POST", hooksUrl, who, { url, secret: SECRET, events: EVENTS, ...extra });
const deliveries = async (who: Person, hookId: number) => {
  const res = await call(open, "GET", `${hooksUrl}${hookId}/deliveries/`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as { id: number; delivery_id: string; event: string; event_id: string; status: string; attempts: number; last_status_code: number | null; last_error: string | null; next_attempt_at: string | null; replay_of: number | null }[];
};
const hmac = (body: string, secret = SECRET) => `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;

async function person(firstName: string): Promise<Person> {
  const u = await createUser(strict.db, { firstName });
  return { id: u.id, email: u.email, token: await login(strict.app, u.email, u.password) };
}
async function team(who: Person, name: string): Promise<number> {
  const res = await call(strict, "POST", "/api/team/", who, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const join = (id: number, who: Person, role: "admin" | "member") => strict.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3)`, [id, who.id, role]);
const shortlist = async (who: Person, projectId: number) => expect((await call(open, "POST", `/api/work/${projectId}/mark/`, who, { mark: "shortlisted" })).statusCode).toBe(200);

beforeAll(async () => {
  peer = await startWebhookPeer();
  strict = await startTestApp({ publicUrl: PUBLIC_URL, jobsIntervalSeconds: 0, loginMaxAttempts: 100 });
  open = await startTestApp({ publicUrl: PUBLIC_URL, jobsIntervalSeconds: 0, webhookAllowPrivate: true }, { sameDbAs: strict });
  [owner, admin, member, loner, otherOwner] = await Promise.all(["Asha", "Arjun", "Divya", "Lone", "Other"].map(person));
  teamId = await team(owner, "Menon Cement BD");
  await join(teamId, admin, "admin");
  await join(teamId, member, "member");
  await team(otherOwner, "Rival Steel");
}, 60_000);
afterAll(async () => {
  await open?.close();
  await strict?.close();
  await peer?.close();
});

describe("adding a webhook", () => {
  it("refuses http, and loopback, private, link-local, IPv6 and mapped addresses, literal or by name", async () => {
    const refused: [string, string][] = [
      ["http://93.184.216.34/hook", HTTPS_ONLY],
      ["ftp://93.184.216.34/hook", HTTPS_ONLY],
      ["https://127.0.0.1/hook", NOT_PUBLIC],
      ["https://127.1.2.3:8443/hook", NOT_PUBLIC],
      ["https://0x7f.1/hook", NOT_PUBLIC], // the URL parser reads it as 127.0.0.1
      ["https://10.1.2.3/hook", NOT_PUBLIC],
      ["https://172.20.0.5/hook", NOT_PUBLIC],
      ["https://192.168.1.10/hook", NOT_PUBLIC],
      ["https://169.254.169.254/latest/meta-data", NOT_PUBLIC],
      ["https://100.64.0.1/hook", NOT_PUBLIC],
      ["https://0.0.0.0/hook", NOT_PUBLIC],
      ["https://[::1]/hook", NOT_PUBLIC],
      ["https://[::]/hook", NOT_PUBLIC],
      ["https://[fd12:3456::1]/hook", NOT_PUBLIC],
      ["https://[fe80::1]/hook", NOT_PUBLIC],
      ["https://[::ffff:127.0.0.1]/hook", NOT_PUBLIC],
      ["https://[::ffff:a9fe:a9fe]/hook", NOT_PUBLIC],
      ["https://[64:ff9b::a00:1]/hook", NOT_PUBLIC],
      ["https://localhost/hook", NOT_PUBLIC], // a name that resolves to loopback
      ["https://user:pw@93.184.216.34/hook", NO_CREDENTIALS],
      ["https://no-such-host.invalid/hook", HOST_NOT_FOUND],
    ];
    for (const [url, message] of refused) {
      const res = await addHook(strict, owner, url);
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, { url: [message] }]);
    }
    expect((await call(strict, "GET", hooksUrl, owner)).json()).toEqual([]);
  });

  it("accepts a public https address, and answers it without the secret (only its last four characters)", async () => {
    const res = await addHook(strict, owner, "https://93.184.216.34/crm/hook#frag");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), url: "https://93.184.216.34/crm/hook", events: EVENTS, secret_hint: "…e-42", active: true, created_at: expect.any(String), created_by_name: "Asha" });
    const stored = (await strict.db.query<{ secret_enc: string }>(`SELECT secret_enc FROM webhooks WHERE id = $1`, [res.json().id])).rows[0].secret_enc;
    expect(stored).not.toContain(SECRET);
    expect(stored).toMatch(/^v1\./);
    expect((await call(strict, "DELETE", `${hooksUrl}${res.json().id}/`, owner)).statusCode).toBe(204);
  });

  it("checks the body: known events only, at least one, a secret of 16 characters or more", async () => {
    expect((await addHook(strict, owner, "https://93.184.216.34/", { events: ["lead.deleted"] })).statusCode).toBe(400);
    expect((await addHook(strict, owner, "https://93.184.216.34/", { events: [] })).statusCode).toBe(400);
    expect((await addHook(strict, owner, "https://93.184.216.34/", { secret: "short" })).json()).toEqual({ secret: ["Ensure this field has at least 16 characters."] });
  });

  it("admits http and private addresses when the server sets WEBHOOK_ALLOW_PRIVATE=true", async () => {
    const res = await addHook(open, admin, peer.url("/private"));
    expect(res.statusCode, res.body).toBe(201);
    expect((await call(open, "DELETE", `${hooksUrl}${res.json().id}/`, admin)).statusCode).toBe(204);
  });
});

describe("access", () => {
  it("is the owner's and admins': a plain member is refused (403), one in no team gets 404", async () => {
    expect((await call(strict, "GET", hooksUrl, member)).statusCode).toBe(403);
    expect((await addHook(strict, member, "https://93.184.216.34/")).statusCode).toBe(403);
    expect((await call(strict, "GET", hooksUrl, loner)).statusCode).toBe(404);
    expect((await call(strict, "GET", hooksUrl, admin)).statusCode).toBe(200);
  });

  it("another team's webhook and its deliveries are not found (404), and it is not listed", async () => {
    const theirs = (await addHook(strict, otherOwner, "https://93.184.216.34/rival")).json();
    const mine = (await addHook(strict, owner, "https://93.184.216.34/mine")).json();
    await strict.db.query(`INSERT INTO webhook_deliveries (delivery_uuid, webhook_id, event, event_id, body) VALUES ($1, $2, 'item.changed', $3, '{}')`, [crypto.randomUUID(), theirs.id, crypto.randomUUID()]);
    const theirDelivery = (await strict.db.query<{ id: number }>(`SELECT id FROM webhook_deliveries WHERE webhook_id = $1`, [theirs.id])).rows[0].id;
    expect((await call(strict, "GET", `${hooksUrl}${theirs.id}/deliveries/`, owner)).statusCode).toBe(404);
    expect((await call(strict, "POST", `${hooksUrl}${theirs.id}/deliveries/${theirDelivery}/replay/`, owner)).statusCode).toBe(404);
    expect((await call(strict, "POST", `${hooksUrl}${mine.id}/deliveries/${theirDelivery}/replay/`, owner)).statusCode).toBe(404);
    expect((await call(strict, "POST", `${hooksUrl}${theirs.id}/test/`, owner)).statusCode).toBe(404);
    expect((await call(strict, "DELETE", `${hooksUrl}${theirs.id}/`, owner)).statusCode).toBe(404);
    expect((await call(strict, "GET", hooksUrl, owner)).json().map((h: { id: number }) => h.id)).not.toContain(theirs.id);
    expect((await call(strict, "GET", hooksUrl, otherOwner)).json().map((h: { id: number }) => h.id)).toEqual([theirs.id]);
    await call(strict, "DELETE", `${hooksUrl}${theirs.id}/`, otherOwner);
    await call(strict, "DELETE", `${hooksUrl}${mine.id}/`, owner);
  });
});

describe("deliveries to a real endpoint", () => {
  let hookId: number;
  beforeAll(async () => {
    const res = await addHook(open, owner, peer.url("/crm"));
    expect(res.statusCode, res.body).toBe(201);
    hookId = res.json().id;
  });

  it("a member's shortlist is POSTed signed, with the event, delivery id and user agent headers", async () => {
    const pid = await makeProject(strict.db, { title: "Skyline Towers, Pune" });
    await shortlist(member, pid);
    expect(peer.receivedAt("/crm")).toHaveLength(0); // queued, sent by the job
    expect(await runWebhooksOnce(open.app)).toMatchObject({ ran: true, delivered: 1 });
    const [req] = peer.receivedAt("/crm");
    expect(req.headers).toMatchObject({ "content-type": "application/json", "user-agent": "InfraScout-Webhooks", "x-infrascout-event": "lead.shortlisted" });
    expect(req.headers["x-infrascout-signature"]).toBe(hmac(req.body));
    expect(req.headers["x-infrascout-signature"]).not.toBe(hmac(req.body, "another secret"));
    const body = JSON.parse(req.body);
    expect(body).toEqual({ id: expect.any(String), event: "lead.shortlisted", created_at: expect.any(String), team_id: teamId, data: expect.any(Object) });
    expect(body.data).toMatchObject({
      lead: { id: pid, title: "Skyline Towers, Pune", url: `${PUBLIC_URL}/private-leads/detail/${pid}`, city: "Pune" },
      mark: "shortlisted",
      previous_mark: "unmarked",
      actor: { id: member.id, email: member.email, name: "Divya" },
    });
    const [logged] = await deliveries(owner, hookId);
    expect(logged).toMatchObject({ delivery_id: req.headers["x-infrascout-delivery"], event: "lead.shortlisted", event_id: body.id, status: "delivered", attempts: 1, last_status_code: 200, last_error: null, next_attempt_at: null });
    // Marking again as it is, or tentatively, sends nothing more.
    await shortlist(member, pid);
    await call(open, "POST", `/api/work/${pid}/mark/`, member, { mark: "tentative" });
    expect(await runWebhooksOnce(open.app)).toMatchObject({ ran: false });
  });

  it("a failing endpoint (500) is retried after 1 min, 5 min, 30 min, 2 h, 6 h and 24 h, then the delivery is failed; each try is logged", async () => {
    peer.answer("/crm", { status: 500, body: "database down" });
    await shortlist(admin, await makeProject(strict.db));
    let clock = new Date(Date.now() + 1000);
    const seen: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await runWebhooksOnce(open.app, clock);
      expect(r.ran).toBe(true);
      const [d] = await deliveries(owner, hookId);
      expect(d).toMatchObject({ attempts: i + 1, last_status_code: 500, last_error: "HTTP 500 Internal Server Error" });
      if (i < 6) {
        expect(d.status).toBe("pending");
        const wait = (Date.parse(d.next_attempt_at!) - clock.getTime()) / 1000;
        seen.push(wait);
        expect(await runWebhooksOnce(open.app, new Date(clock.getTime() + (wait - 1) * 1000))).toMatchObject({ ran: false }); // not due yet
        clock = new Date(Date.parse(d.next_attempt_at!));
      } else {
        expect(d).toMatchObject({ status: "failed", next_attempt_at: null });
      }
    }
    expect(seen).toEqual([...WEBHOOK_RETRY_DELAYS_SECONDS]);
    expect(seen.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(86_400);
    const tries = peer.receivedAt("/crm").slice(-7);
    expect(new Set(tries.map((r) => r.headers["x-infrascout-delivery"])).size).toBe(1); // one delivery, seven tries
    expect(new Set(tries.map((r) => r.body)).size).toBe(1);
    const { rows } = await open.db.query<{ last_response: string }>(`SELECT last_response FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id DESC LIMIT 1`, [hookId]);
    expect(rows[0].last_response).toBe("database down");
  });

  it("a replay sends the same body as a new delivery with fresh tries, and is audited", async () => {
    peer.answer("/crm", { status: 204 });
    const [failed] = await deliveries(owner, hookId);
    const res = await call(open, "POST", `${hooksUrl}${hookId}/deliveries/${failed.id}/replay/`, admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ event: "lead.shortlisted", event_id: failed.event_id, status: "pending", attempts: 0, replay_of: failed.id });
    expect(res.json().delivery_id).not.toBe(failed.delivery_id);
    const before = peer.receivedAt("/crm").length;
    expect(await runWebhooksOnce(open.app)).toMatchObject({ delivered: 1 });
    const sent = peer.receivedAt("/crm").slice(before);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0].body).id).toBe(failed.event_id);
    expect(sent[0].headers["x-infrascout-delivery"]).toBe(res.json().delivery_id);
    expect(sent[0].headers["x-infrascout-signature"]).toBe(hmac(sent[0].body));
    const [replayed, original] = await deliveries(owner, hookId);
    expect(replayed).toMatchObject({ id: res.json().id, status: "delivered", attempts: 1, last_status_code: 204 });
    expect(original).toMatchObject({ id: failed.id, status: "failed", attempts: 7 });
    const { rows } = await open.db.query(`SELECT action, details FROM audit_log WHERE action = 'webhook_delivery_replayed' AND actor_id = $1`, [admin.id]);
    expect(rows).toEqual([{ action: "webhook_delivery_replayed", details: expect.objectContaining({ delivery_id: failed.id, replay_id: res.json().id }) }]);
  });

  it("the test event is sent at once, signed, and answered with how it went", async () => {
    peer.answer("/crm", { status: 200 });
    const res = await call(open, "POST", `${hooksUrl}${hookId}/test/`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ event: "ping", status: "delivered", attempts: 1, last_status_code: 200 });
    const last = peer.receivedAt("/crm").at(-1)!;
    expect(last.headers["x-infrascout-event"]).toBe("ping");
    expect(last.headers["x-infrascout-signature"]).toBe(hmac(last.body));
  });

  it("a followed tender that changes is sent to the team once as item.changed, with what changed", async () => {
    await run(strict.db, "ocds", [fx("ocds", "ocds-213czf-000-00001-02-tender.json")]);
    const tenderId = Number((await strict.db.query<{ id: number }>(`SELECT id FROM tenders WHERE ocid = 'ocds-213czf-000-00001'`)).rows[0].id);
    // Two members of the team follow it: still one event for the team.
    for (const who of [member, admin]) expect((await call(strict, "GET", `/api/tender/detail/${tenderId}`, who)).statusCode).toBe(200);
    await run(strict.db, "ocds", [fx("ocds", "ocds-213czf-000-00001-03-tenderAmendment.json")]);
    await runNotificationsOnce(open.app);
    const before = peer.receivedAt("/crm").length;
    expect(await runWebhooksOnce(open.app)).toMatchObject({ delivered: 1 });
    const [req] = peer.receivedAt("/crm").slice(before);
    expect(req.headers["x-infrascout-event"]).toBe("item.changed");
    const body = JSON.parse(req.body);
    expect(body.data.item).toEqual({ type: "tender", id: tenderId, title: "Planned cycle lane improvements", url: `${PUBLIC_URL}/tender/detail/${tenderId}` });
    expect(body.data.changes.length).toBeGreaterThan(0);
    expect(body.data.changes[0]).toEqual({ field: expect.any(String), old: expect.anything(), new: expect.anything() });
  });

  it("is checked again at delivery: a server without WEBHOOK_ALLOW_PRIVATE refuses http, a loopback address, or a name resolving to one", async () => {
    // Added where private addresses were allowed; delivered by a server where they are not.
    const https = peer.url("/crm").replace("http:", "https:");
    const byAddress = (await addHook(open, owner, https)).json();
    const byName = (await addHook(open, owner, https.replace("127.0.0.1", "localhost"))).json();
    const before = peer.received.length;
    await shortlist(owner, await makeProject(strict.db));
    expect(await runWebhooksOnce(strict.app)).toMatchObject({ ran: true, delivered: 0, retrying: 3 });
    expect(peer.received.length).toBe(before); // nothing reached the endpoint
    const lastError = async (id: number) => (await deliveries(owner, id))[0];
    expect(await lastError(hookId)).toMatchObject({ status: "pending", attempts: 1, last_status_code: null, last_error: "Refused: webhook URLs must use https" });
    expect(await lastError(byAddress.id)).toMatchObject({ status: "pending", attempts: 1, last_error: "Refused: 127.0.0.1 is not a public address" });
    expect((await lastError(byName.id)).last_error).toMatch(/^Refused: localhost is not a public address \((127\.0\.0\.1|::1)\)$/);
    for (const h of [byAddress, byName]) await call(open, "DELETE", `${hooksUrl}${h.id}/`, owner);
  });
});

describe("deleting a webhook", () => {
  it("removes it with its deliveries, and the create and delete are in the audit log", async () => {
    const hook = (await addHook(open, owner, peer.url("/gone"))).json();
    await shortlist(member, await makeProject(strict.db));
    expect((await call(open, "DELETE", `${hooksUrl}${hook.id}/`, admin)).statusCode).toBe(204);
    expect((await call(open, "GET", `${hooksUrl}${hook.id}/deliveries/`, owner)).statusCode).toBe(404);
    expect((await strict.db.query(`SELECT 1 FROM webhook_deliveries WHERE webhook_id = $1`, [hook.id])).rows).toEqual([]);
    const { rows } = await strict.db.query<{ action: string; actor_id: number }>(`SELECT action, actor_id FROM audit_log WHERE item_type = 'webhook' AND item_id = $1 ORDER BY id`, [hook.id]);
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([["webhook_created", owner.id], ["webhook_deleted", admin.id]]);
  });
});

describe("the deliveries log", () => {
  it("keeps finished deliveries for 30 days, and pending ones until they are done", async () => {
    const hook = (await addHook(open, owner, peer.url("/old"))).json();
    const add = (status: string, daysAgo: number) =>
      strict.db.query<{ id: number }>(
        `INSERT INTO webhook_deliveries (delivery_uuid, webhook_id, event, event_id, body, status, created_at, next_attempt_at)
         VALUES ($1, $2, 'item.changed', $3, '{}', $4, now() - make_interval(days => $5), CASE WHEN $4 = 'pending' THEN now() + interval '1 hour' END) RETURNING id`,
        [crypto.randomUUID(), hook.id, crypto.randomUUID(), status, daysAgo],
      );
    const kept = [await add("delivered", DELIVERY_RETENTION_DAYS - 1), await add("pending", DELIVERY_RETENTION_DAYS + 5)].map((r) => r.rows[0].id);
    await add("delivered", DELIVERY_RETENTION_DAYS + 1);
    await add("failed", DELIVERY_RETENTION_DAYS + 1);
    expect(await pruneDeliveries(strict.db, new Date())).toBe(2);
    expect((await deliveries(owner, hook.id)).map((d) => d.id).sort()).toEqual(kept.sort());
    await call(open, "DELETE", `${hooksUrl}${hook.id}/`, owner);
  });
});

describe("the secret", () => {
  it("is in no response of this whole file", () => {
    expect(bodies.length).toBeGreaterThan(40);
    expect(bodies.filter((b) => b.includes(SECRET) || b.includes(SECRET.slice(0, 12)))).toEqual([]);
  });
});
