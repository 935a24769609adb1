// One try of a webhook delivery against a real local endpoint (server/modules/integrations/delivery.ts):
// the timeout, no redirect followed, a bounded excerpt of the answer; and two senders at once (two
// API processes over one database) never sending one delivery twice.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWebhooksOnce } from "../../server/jobs/index.js";
import { RESPONSE_EXCERPT_BYTES, sendOnce, signature } from "../../server/modules/integrations/delivery.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { makeProject } from "./lead-fixture.js";
import { startWebhookPeer, type WebhookPeer } from "./webhook-peer.js";

let peer: WebhookPeer;
beforeAll(async () => {
  peer = await startWebhookPeer();
});
afterAll(async () => peer?.close());

const out = (path: string) => ({ url: peer.url(path), secret: "0123456789abcdef", event: "ping", deliveryId: crypto.randomUUID(), body: '{"id":"x"}' });

describe("one try", () => {
  it("gives up on an endpoint that does not answer in time, saying so plainly", async () => {
    peer.answer("/slow", "hang");
    const started = Date.now();
    const r = await sendOnce(out("/slow"), { allowPrivate: true, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(r).toEqual({ ok: false, statusCode: null, error: "No answer within 300 ms", response: null });
  });

  it("does not follow a redirect: a 3xx is a failed try, and the place it points to is never called", async () => {
    peer.answer("/moved", { status: 302, headers: { location: peer.url("/elsewhere") } });
    const r = await sendOnce(out("/moved"), { allowPrivate: true });
    expect(r).toMatchObject({ ok: false, statusCode: 302, error: "HTTP 302 Found" });
    expect(peer.receivedAt("/elsewhere")).toEqual([]);
  });

  it("keeps only the start of a long answer", async () => {
    peer.answer("/big", { status: 200, body: "x".repeat(200_000) });
    const r = await sendOnce(out("/big"), { allowPrivate: true });
    expect(r.ok).toBe(true);
    expect(r.response!.length).toBe(RESPONSE_EXCERPT_BYTES);
  });

  it("a refused connection is a plain one-line error", async () => {
    const closed = await startWebhookPeer();
    const url = closed.url("/gone");
    await closed.close();
    expect(await sendOnce({ ...out("/gone"), url }, { allowPrivate: true })).toEqual({ ok: false, statusCode: null, error: "Connection refused", response: null });
  });

  it("signs the exact bytes sent", async () => {
    const o = { ...out("/signed"), body: '{"id":"é","n":1}' };
    await sendOnce(o, { allowPrivate: true });
    const [req] = peer.receivedAt("/signed");
    expect(req.body).toBe(o.body);
    expect(req.headers["x-infrascout-signature"]).toBe(signature(o.body, o.secret));
    expect(req.headers["content-length"]).toBe(String(Buffer.byteLength(o.body)));
  });
});

describe("two API processes sending at once", () => {
  let one: TestContext;
  let two: TestContext;
  beforeAll(async () => {
    one = await startTestApp({ jobsIntervalSeconds: 0, webhookAllowPrivate: true });
    two = await startTestApp({ jobsIntervalSeconds: 0, webhookAllowPrivate: true }, { sameDbAs: one });
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it("send each delivery exactly once", async () => {
    const u = await createUser(one.db, { firstName: "Asha" });
    const headers = bearer(await login(one.app, u.email, u.password));
    expect((await one.app.inject({ method: "POST", url: "/api/team/", headers, payload: { name: "Both" } })).statusCode).toBe(201);
    const hook = await one.app.inject({ method: "POST", url: "/api/integrations/webhooks/", headers, payload: { url: peer.url("/both"), secret: "0123456789abcdef", events: ["lead.shortlisted"] } });
    expect(hook.statusCode, hook.body).toBe(201);
    for (let i = 0; i < 24; i++) {
      const pid = await makeProject(one.db);
      expect((await one.app.inject({ method: "POST", url: `/api/work/${pid}/mark/`, headers, payload: { mark: "shortlisted" } })).statusCode).toBe(200);
    }
    const runs = await Promise.all([runWebhooksOnce(one.app), runWebhooksOnce(two.app), runWebhooksOnce(one.app), runWebhooksOnce(two.app)]);
    expect(runs.reduce((n, r) => n + r.delivered, 0)).toBe(24);
    const ids = peer.receivedAt("/both").map((r) => r.headers["x-infrascout-delivery"]);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
  });
});
