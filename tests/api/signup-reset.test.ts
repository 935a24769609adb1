import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../server/mail/mailer.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { mailText, startSmtpPeer, type SmtpPeer } from "./smtp-peer.js";

let t: TestContext;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startTestApp({ smtpUrl: smtp.url, publicUrl: "http://app.test", loginMaxAttempts: 50 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers = {}) => t.app.inject({ method: "POST", url, payload, headers });
const resetLink = (raw: string) => mailText(raw).match(/http:\/\/app\.test\/forgot-password\?token=([A-Za-z0-9_%-]+)/)?.[1];

describe("signup", () => {
  it("records the applicant without a subscription and signs them in", async () => {
    const res = await post("/api/signup/", { first_name: "Meera", email: "meera@cementco.in", password: "Strong#pass1", company: "CementCo" });
    expect(res.statusCode).toBe(201);
    const info = (await t.app.inject({ method: "GET", url: "/api/user-info/", headers: bearer(res.json().token) })).json();
    expect(info).toMatchObject({ first_name: "Meera", email: "meera@cementco.in", end_date: null, preferred_proj_status: [], company: "CementCo" });
    const { rows } = await t.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE email = 'meera@cementco.in'`);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The new address is mailed its verification link (issue 13).
    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual(["meera@cementco.in"]);
    expect(mailText(mail.raw)).toMatch(/http:\/\/app\.test\/verify-email\?token=/);
  });

  it("refuses a second account for the same e-mail in any case, and a weak password", async () => {
    await post("/api/signup/", { first_name: "A", email: "dup@x.in", password: "Strong#pass1" });
    const dup = await post("/api/signup/", { first_name: "B", email: "DUP@x.in", password: "Strong#pass1" });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ email: ["A user with this e-mail already exists."] });
    await smtp.waitFor(2); // dup@x.in's verification mail is in before the password-reset tests count mails
    const weak = await post("/api/signup/", { first_name: "C", email: "weak@x.in", password: "12345678" });
    expect(weak.json()).toEqual({ password: ["This password is entirely numeric."] });
    const bad = await post("/api/signup/", { first_name: "D", email: "not-an-email", password: "Strong#pass1" });
    expect(bad.json()).toEqual({ email: ["Enter a valid e-mail address."] });
    const { rows } = await t.db.query(`SELECT 1 FROM users WHERE email IN ('weak@x.in', 'not-an-email')`);
    expect(rows).toHaveLength(0);
  });
});

describe("forgot password", () => {
  it("mails a one-time link through SMTP that sets a new password and signs out every session", async () => {
    const u = await createUser(t.db, { email: "ravi.k@builder.in" });
    const oldToken = await login(t.app, u.email, u.password);
    const before = smtp.received.length;
    const res = await post("/api/forgot-password/", { email: "Ravi.K@builder.in" });
    expect(res.statusCode).toBe(200);
    const mails = await smtp.waitFor(before + 1);
    const mail = mails[mails.length - 1];
    expect(mail.to).toEqual(["ravi.k@builder.in"]);
    expect(mail.raw).toMatch(/Subject: Reset your InfraScout password/);
    const secret = resetLink(mail.raw);
    expect(secret).toBeTruthy();

    const done = await post("/api/reset-password/", { token: decodeURIComponent(secret!), password: "Brand-new-pass9" });
    expect(done.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/user-info/", headers: bearer(oldToken) })).statusCode).toBe(401);
    expect(await login(t.app, u.email, "Brand-new-pass9")).toBeTruthy();
    const again = await post("/api/reset-password/", { token: decodeURIComponent(secret!), password: "Another-pass9" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ["This reset link is invalid or has expired. Ask for a new one."] });
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const u = await createUser(t.db);
    const known = await post("/api/forgot-password/", { email: u.email });
    const before = smtp.received.length;
    const unknown = await post("/api/forgot-password/", { email: "nobody-here@x.in" });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.slice(before).some((m) => m.to.includes("nobody-here@x.in"))).toBe(false);
  });

  it("refuses an expired link, and a weak new password leaves the link usable", async () => {
    const u = await createUser(t.db, { email: "exp@x.in" });
    const before = smtp.received.length;
    await post("/api/forgot-password/", { email: u.email });
    const secret = decodeURIComponent(resetLink((await smtp.waitFor(before + 1))[before].raw)!);
    const weak = await post("/api/reset-password/", { token: secret, password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json())).toEqual(["password"]);
    await t.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [u.id]);
    const expired = await post("/api/reset-password/", { token: secret, password: "Fine-password-2" });
    expect(expired.statusCode).toBe(400);
    expect(await login(t.app, u.email, u.password)).toBeTruthy();
  });

  it("writes mail to the outbox folder as .eml when no SMTP server is configured", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const mailer = createMailer({ dataDir: dir, mailFrom: "InfraScout <no-reply@infrascout.in>" });
    await mailer.send({ to: "a@b.in", subject: "Hello", text: "Body text" });
    const files = fs.readdirSync(path.join(dir, "outbox"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(dir, "outbox", files[0]), "utf8");
    expect(eml).toMatch(/To: a@b.in/);
    expect(eml).toMatch(/Body text/);
  });
});
