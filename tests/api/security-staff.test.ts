// Issue 13: nobody becomes staff by signing up. Staff powers need an address on a staff domain
// that is BOTH verified (the mailed one-time link, or a Google ID token vouching for it) AND
// granted by an existing staff member (or `npm run make-staff`). Real database, real app, the
// memory mailer, a local JWKS identity provider.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../server/db/migrate.js";
import { SIGNUP_RECORDED } from "../../server/plugins/authenticate.js";
import { ALREADY_VERIFIED, EMAIL_VERIFIED, INVALID_VERIFICATION_LINK } from "../../server/modules/auth/email-verification.js";
import { RESEND_MAX } from "../../server/modules/auth/email-verification-routes.js";
import { NOT_OWN_STAFF, NOT_STAFF_DOMAIN } from "../../server/modules/users/admin-routes.js";
import { MakeStaffError, makeStaff } from "../../server/ops/make-staff.js";
import { issueShareLink, verifyShareLink } from "../../server/modules/tenders/share-links.js";
import { startIdentityProvider, type IdentityProvider } from "../support/jwks-server.js";
import { bearer, createUser, login, memoryMailer, openTestDb, startTestApp, type TestContext } from "./harness.js";

const GOOGLE_CLIENT = "1234567890-staff.apps.googleusercontent.com";
const MS_CLIENT = "6f1a2b3c-0000-4000-8000-00000005aff0";
const TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";
let idp: IdentityProvider;
let t: TestContext;
const mailer = memoryMailer();
let staffToken: string;
let staffId: number;
let subscriber: { id: number };

beforeAll(async () => {
  idp = await startIdentityProvider();
  t = await startTestApp(
    { googleClientId: GOOGLE_CLIENT, googleJwksUrl: idp.jwksUrl, msClientId: MS_CLIENT, msJwksUrl: idp.jwksUrl, publicUrl: "https://app.example" },
    {
      mailer,
      beforeReady: (app) => app.register(async (api) => void api.get("/probe/default/", async () => ({ ok: true })), { prefix: "/api" }),
    },
  );
  const staff = await createUser(t.db, { email: `lead-${Date.now()}@infrascout.in` });
  staffId = staff.id;
  staffToken = await login(t.app, staff.email, staff.password);
  subscriber = await createUser(t.db, {});
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

let ipSeq = 0;
const nextIp = () => `10.13.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
const unique = (domain: string) => `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@${domain}`;

async function signup(email: string): Promise<{ id: number; token: string }> {
  const res = await call("POST", "/api/signup/", undefined, { first_name: "Eve", email, password: "Strong#pass12" });
  expect(res.statusCode).toBe(201);
  const id = (await t.db.query<{ id: number }>(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email])).rows[0].id;
  return { id: Number(id), token: res.json().token };
}

/** The newest link mailed to the address (the mail goes out after the signup answer). */
async function mailedToken(email: string, nth = 1): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const mails = mailer.sent.filter((m) => m.to === email);
    if (mails.length >= nth) {
      const m = /https:\/\/app\.example\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mails[nth - 1].text);
      expect(m, "the mail carries the verification link").not.toBeNull();
      return decodeURIComponent(m![1]);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no verification mail to ${email}`);
}

const verify = (token: string) => call("POST", "/api/verify-email/", undefined, { token });
const isStaff = async (token: string) => (await call("GET", "/api/user-info/", token)).json().is_staff as boolean;
const adminView = async (id: number) => (await call("GET", `/api/user/users/${id}/`, staffToken)).json();
const grant = (id: number, token = staffToken) => call("PUT", `/api/user/users/${id}/staff/`, token);
const revoke = (id: number, token = staffToken) => call("DELETE", `/api/user/users/${id}/staff/`, token);

/** The answers of the staff powers issue 13 names: user list, impersonation, credits, subscriptions, imports. */
async function staffPowers(token: string): Promise<number[]> {
  return [
    (await call("GET", "/api/user/users/", token)).statusCode,
    (await call("GET", `/api/impersonate/${subscriber.id}/`, token)).statusCode,
    (await call("POST", `/api/user/users/${subscriber.id}/credits/`, token, { amount: 1 })).statusCode,
    (await call("PATCH", `/api/user/users/${subscriber.id}/`, token, { end_date: "2031-01-01" })).statusCode,
    (await call("GET", "/api/imports/", token)).statusCode,
  ];
}
const NONE = [403, 403, 403, 403, 403];
const audits = async (itemId: number) =>
  (await t.db.query<{ action: string; actor_id: number | null; details: Record<string, unknown> }>(
    `SELECT action, actor_id, details FROM audit_log WHERE item_id = $1 AND action IN ('staff_grant', 'staff_revoke', 'email_verified') ORDER BY id`,
    [itemId],
  )).rows.map((r) => ({ ...r, actor_id: r.actor_id === null ? null : Number(r.actor_id) }));

describe("a signup on a staff domain", () => {
  it("gets no staff powers: 403 on the user list, impersonation, credit grants, subscriptions and imports, and is gated like any signup", async () => {
    const email = unique("infrascout.in");
    const { token } = await signup(email);
    expect(await isStaff(token)).toBe(false);
    expect(await staffPowers(token)).toEqual(NONE);
    const gated = await call("GET", "/api/probe/default/", token);
    expect([gated.statusCode, gated.json()]).toEqual([403, { detail: SIGNUP_RECORDED }]);
    // Nothing happened to the subscriber it tried to change.
    const sub = await t.db.query<{ total_credits: number; end_date: string | null }>(`SELECT total_credits, end_date::text FROM users WHERE id = $1`, [subscriber.id]);
    expect(sub.rows[0].total_credits).toBe(10);
    expect(sub.rows[0].end_date).not.toBe("2031-01-01");
  });

  it("is mailed a one-time verification link; the link verifies the address and says so — and verification alone is not staff", async () => {
    const email = unique("infrascout.in");
    const { id, token } = await signup(email);
    const secret = await mailedToken(email);
    expect((await t.db.query(`SELECT 1 FROM email_verifications WHERE token_hash = $1`, [secret])).rows).toHaveLength(0); // only a hash is kept
    expect((await call("GET", "/api/user-info/", token)).json().email_verified).toBe(false);
    const res = await verify(secret);
    expect([res.statusCode, res.json()]).toEqual([200, { detail: EMAIL_VERIFIED }]);
    expect(await adminView(id)).toMatchObject({ email_verified: true, staff_granted: false, is_staff: false });
    expect((await call("GET", "/api/user-info/", token)).json()).toMatchObject({ email_verified: true, is_staff: false });
    expect(await staffPowers(token)).toEqual(NONE);
    const again = await verify(secret);
    expect([again.statusCode, again.json()]).toEqual([400, { token: [INVALID_VERIFICATION_LINK] }]);
    expect(await audits(id)).toEqual([{ action: "email_verified", actor_id: id, details: { method: "link", email } }]);
  });

  it("granted by staff but not verified is not staff; once the address is verified it is, and both steps are audited", async () => {
    const email = unique("infrascout.in");
    const { id, token } = await signup(email);
    const granted = await grant(id);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ email_verified: false, staff_granted: true, is_staff: false });
    expect(await isStaff(token)).toBe(false);
    expect(await staffPowers(token)).toEqual(NONE);

    expect((await verify(await mailedToken(email))).statusCode).toBe(200);
    expect(await isStaff(token)).toBe(true);
    expect(await staffPowers(token)).toEqual([200, 200, 201, 200, 200]);
    expect(await adminView(id)).toMatchObject({ email_verified: true, staff_granted: true, is_staff: true });
    expect(await audits(id)).toEqual([
      { action: "staff_grant", actor_id: staffId, details: { email } },
      { action: "email_verified", actor_id: id, details: { method: "link", email } },
    ]);
  });
});

describe("the verification link", () => {
  it("works for 24 hours and not after", async () => {
    const email = unique("example.com");
    const { id, token } = await signup(email);
    const first = await mailedToken(email, 1);
    expect((await call("POST", "/api/verify-email/resend/", token)).statusCode).toBe(200);
    const second = await mailedToken(email, 2);
    const life = await t.db.query<{ hours: number }>(`SELECT extract(epoch FROM expires_at - created_at)::float8 / 3600 AS hours FROM email_verifications WHERE user_id = $1`, [id]);
    expect(life.rows.map((r) => Math.round(r.hours))).toEqual([24, 24]);
    // The first link was mailed 24 hours and a minute ago, the second 23 hours 59 minutes ago.
    const age = (secret: string, minutes: number) =>
      t.db.query(
        `UPDATE email_verifications SET created_at = created_at - make_interval(mins => $2), expires_at = expires_at - make_interval(mins => $2)
          WHERE user_id = $1 AND id = (SELECT id FROM email_verifications WHERE user_id = $1 ORDER BY id LIMIT 1 OFFSET $3)`,
        [id, minutes, secret === first ? 0 : 1],
      );
    await age(first, 24 * 60 + 1);
    await age(second, 24 * 60 - 1);
    expect((await verify(first)).json()).toEqual({ token: [INVALID_VERIFICATION_LINK] });
    expect((await verify(second)).statusCode).toBe(200);
    expect(await adminView(id)).toMatchObject({ email_verified: true });
  });

  it("can be asked for again by the signed-in user, a few times per window; a verified address is told so", async () => {
    const email = unique("example.com");
    const { token } = await signup(email);
    await mailedToken(email);
    for (let i = 0; i < RESEND_MAX; i++) {
      const r = await call("POST", "/api/verify-email/resend/", token);
      expect(r.statusCode).toBe(200);
      expect(r.json().detail).toContain(email);
    }
    expect((await call("POST", "/api/verify-email/resend/", token)).statusCode).toBe(429);
    expect((await call("POST", "/api/verify-email/resend/")).statusCode).toBe(401);
    const latest = await mailedToken(email, RESEND_MAX + 1);
    expect((await verify(latest)).statusCode).toBe(200);

    const other = await signup(unique("example.com"));
    await t.db.query(`UPDATE users SET email_verified_for = email WHERE id = $1`, [other.id]);
    expect((await call("POST", "/api/verify-email/resend/", other.token)).json()).toEqual({ detail: ALREADY_VERIFIED });
  });

  it("proves nothing once the account's address has changed, and neither do an earlier verification or grant", async () => {
    const email = unique("infrascout.in");
    const { id, token } = await signup(email);
    const secret = await mailedToken(email);
    // The profile cannot change the address at all …
    const patch = await call("PATCH", "/api/user-info/", token, { email: unique("infrascout.in") });
    expect(patch.statusCode).toBe(400);
    // … and were it changed by other means, proof of the old address would not carry over.
    const proven = await createUser(t.db, { email: unique("infrascout.in") });
    const provenToken = await login(t.app, proven.email, proven.password);
    expect(await isStaff(provenToken)).toBe(true);
    await t.db.query(`UPDATE users SET email = $2 WHERE id = $1`, [proven.id, unique("infrascout.in")]);
    expect(await isStaff(provenToken)).toBe(false);
    await t.db.query(`UPDATE users SET email = $2 WHERE id = $1`, [id, unique("infrascout.in")]);
    expect((await verify(secret)).json()).toEqual({ token: [INVALID_VERIFICATION_LINK] });
    expect(await adminView(id)).toMatchObject({ email_verified: false });
  });
});

describe("guessing verification tokens", () => {
  it("is rate limited per address; links that work do not count", async () => {
    const ip = "10.99.0.1";
    const from = (token: string) => t.app.inject({ method: "POST", url: "/api/verify-email/", remoteAddress: ip, payload: { token } });
    for (let i = 0; i < 3; i++) {
      const email = unique("example.com");
      await signup(email);
      expect((await from(await mailedToken(email))).statusCode).toBe(200);
    }
    const codes: number[] = [];
    for (let i = 0; i < t.config.loginMaxAttempts + 1; i++) codes.push((await from(`guess-${i}`)).statusCode);
    expect(codes.slice(0, t.config.loginMaxAttempts).every((c) => c === 400)).toBe(true);
    expect(codes[t.config.loginMaxAttempts]).toBe(429);
  });
});

describe("a Google ID token", () => {
  const googleToken = (email: string, verified = true) =>
    idp.sign({ iss: "https://accounts.google.com", aud: GOOGLE_CLIENT, sub: `g-${email}`, email, email_verified: verified, given_name: "Ravi" });

  it("with a verified e-mail counts as verification: with a grant it makes staff, without one it does not", async () => {
    const email = unique("infrascout.in");
    const first = await call("POST", "/api/google-auth/", undefined, { credential: await googleToken(email) });
    expect(first.statusCode).toBe(200);
    const id = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [email])).rows[0].id);
    expect(await isStaff(first.json().token)).toBe(false);
    expect(await adminView(id)).toMatchObject({ email_verified: true, staff_granted: false });
    expect((await grant(id)).json()).toMatchObject({ is_staff: true });
    expect(await isStaff(first.json().token)).toBe(true);
  });

  it("a Microsoft signup whose address the tenant does not vouch for is mailed a link; a Google one needs none", async () => {
    const msEmail = unique("contoso.example");
    const ms = await call("POST", "/api/ms-auth/", undefined, {
      id_token: await idp.sign({ iss: `https://login.microsoftonline.com/${TENANT}/v2.0`, aud: MS_CLIENT, tid: TENANT, oid: "00000000-0000-0000-0000-0000000000aa", sub: `ms-${msEmail}`, email: msEmail }),
    });
    expect(ms.statusCode).toBe(200);
    expect((await verify(await mailedToken(msEmail))).statusCode).toBe(200);
    const googleEmail = unique("example.com");
    expect((await call("POST", "/api/google-auth/", undefined, { credential: await googleToken(googleEmail) })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailer.sent.filter((m) => m.to === googleEmail)).toEqual([]);
  });

  it("verifies an address that signed up with a password", async () => {
    const email = unique("infrascout.in");
    const { id } = await signup(email);
    await grant(id);
    expect(await adminView(id)).toMatchObject({ email_verified: false, is_staff: false });
    const res = await call("POST", "/api/google-auth/", undefined, { credential: await googleToken(email) });
    expect(await isStaff(res.json().token)).toBe(true);
    expect((await audits(id)).map((a) => [a.action, a.details.method])).toEqual([["staff_grant", undefined], ["email_verified", "google"]]);
  });
});

describe("granting and revoking staff", () => {
  it("is refused to a non-staff: a subscriber, and an unproven staff-domain signup (even for itself)", async () => {
    const target = await signup(unique("infrascout.in"));
    const sub = await createUser(t.db, {});
    const subToken = await login(t.app, sub.email, sub.password);
    expect((await grant(target.id, subToken)).statusCode).toBe(403);
    expect((await grant(target.id, target.token)).statusCode).toBe(403);
    expect((await revoke(staffId, target.token)).statusCode).toBe(403);
    expect(await adminView(target.id)).toMatchObject({ staff_granted: false });
    expect(await audits(target.id)).toEqual([]);
  });

  it("is refused for an address that is not on a staff domain", async () => {
    const outsider = await createUser(t.db, { email: unique("infrascout.in.evil.com") });
    const res = await grant(outsider.id);
    expect([res.statusCode, res.json()]).toEqual([400, { email: [NOT_STAFF_DOMAIN] }]);
    expect(await adminView(outsider.id)).toMatchObject({ staff_granted: false, is_staff: false });
    expect(await audits(outsider.id)).toEqual([]);
    expect((await grant(987654321)).statusCode).toBe(404);
  });

  it("revoking ends staff powers at once, ends their impersonations, is audited; nobody revokes themselves", async () => {
    const member = await createUser(t.db, { email: unique("infrascout.in") });
    const memberToken = await login(t.app, member.email, member.password);
    const imp = await call("GET", `/api/impersonate/${subscriber.id}/`, memberToken);
    expect(imp.statusCode).toBe(200);
    const res = await revoke(member.id);
    expect(res.json()).toMatchObject({ email_verified: true, staff_granted: false, is_staff: false });
    expect(await staffPowers(memberToken)).toEqual(NONE);
    expect((await call("GET", "/api/user-info/", imp.json().token)).statusCode).toBe(401);
    expect(await audits(member.id)).toEqual([{ action: "staff_revoke", actor_id: staffId, details: { email: member.email } }]);
    // The ended impersonation is in the audit log at once, not only when the job runner sweeps.
    const ends = await t.db.query<{ kind: string }>(
      `SELECT details->>'kind' AS kind FROM audit_log WHERE action = 'impersonation_end' AND actor_id = $1 AND as_user_id = $2`,
      [member.id, subscriber.id],
    );
    expect(ends.rows).toEqual([{ kind: "staff_revoked" }]);
    const self = await revoke(staffId);
    expect([self.statusCode, self.json()]).toEqual([400, { is_staff: [NOT_OWN_STAFF] }]);
    expect(await isStaff(staffToken)).toBe(true);
  });

  it("an unproven staff-domain account is an ordinary user to impersonate; a proven one is not impersonated", async () => {
    const unproven = await createUser(t.db, { email: unique("infrascout.in"), staffProven: false });
    expect((await call("GET", `/api/impersonate/${unproven.id}/`, staffToken)).statusCode).toBe(200);
    const proven = await createUser(t.db, { email: unique("infrascout.in") });
    expect((await call("GET", `/api/impersonate/${proven.id}/`, staffToken)).statusCode).toBe(403);
  });
});

describe("the same rule everywhere staff is asked about", () => {
  it("a shared link of an unproven staff-domain signup (no subscription) does not open; once proven it does", async () => {
    const sharer = await createUser(t.db, { email: unique("infrascout.in"), endDate: null, staffProven: false });
    const link = await issueShareLink(t.db, sharer.id, "tender", 424242, 7);
    const opens = () => verifyShareLink(t.db, t.config.staffDomains, "tender", 424242, link.uid, link.tid);
    expect(await opens()).toBeNull();
    await makeStaff(t.db, sharer.email, t.config.staffDomains);
    expect(await opens()).toBe(sharer.id);
  });
});

describe("npm run make-staff", () => {
  it("makes the first staff member: verified, granted and audited", async () => {
    const email = unique("infrascout.in");
    const { id, token } = await signup(email);
    const r = await makeStaff(t.db, email.toUpperCase(), t.config.staffDomains);
    expect(r).toEqual({ id, email, changed: true });
    expect(await isStaff(token)).toBe(true);
    const [entry] = await audits(id);
    expect(entry).toMatchObject({ action: "staff_grant", actor_id: null, details: { email, method: "make-staff", verified: true, granted: true } });
    expect((await makeStaff(t.db, email, t.config.staffDomains)).changed).toBe(false);
  });

  it("refuses an address off the staff domains and one with no account", async () => {
    const outsider = await signup(unique("example.com"));
    const email = (await adminView(outsider.id)).email;
    await expect(makeStaff(t.db, email, t.config.staffDomains)).rejects.toThrow(MakeStaffError);
    await expect(makeStaff(t.db, unique("infrascout.in"), t.config.staffDomains)).rejects.toThrow(/No account/);
    expect(await adminView(outsider.id)).toMatchObject({ staff_granted: false, email_verified: false });
  });
});

describe("migration 015 on a database from before it", () => {
  it("keeps the seeded demo staff account staff, and nobody else who only has a staff-domain address", async () => {
    const { db, drop } = await openTestDb();
    try {
      const dir = path.resolve("server/db/migrations");
      const before = fs.readdirSync(dir).filter((f) => /^\d+_.+\.sql$/.test(f) && f < "015").sort();
      await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
      for (const f of before) {
        await db.transaction(async (tx) => tx.exec(fs.readFileSync(path.join(dir, f), "utf8")));
        await db.query(`INSERT INTO schema_migrations (version) VALUES ($1)`, [f]);
      }
      await db.query(`INSERT INTO users (email, signup_source) VALUES ('staff@infrascout.in', 'seed'), ('eve@infrascout.in', 'signup')`);
      expect(await migrate(db)).toContain("015_staff_proof.sql");
      const { rows } = await db.query<{ email: string; staff_proven: boolean }>(`SELECT email, staff_proven FROM users ORDER BY email`);
      expect(rows).toEqual([{ email: "eve@infrascout.in", staff_proven: false }, { email: "staff@infrascout.in", staff_proven: true }]);
    } finally {
      await db.close();
      await drop();
    }
  });
});
