// Issue 13, points 5 and 10 (sign-in part): a stranger guessing a password cannot lock its owner
// out; an account guessed from many addresses is slowed down, not locked; the owner is told by
// mail once per window; failed sign-ins and sign-outs are in the audit log.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, createUser, memoryMailer, startTestApp, type TestContext } from "./harness.js";

const mailer = memoryMailer();
let t: TestContext;
beforeAll(async () => {
  t = await startTestApp(
    { loginMaxAttempts: 3, loginAccountSlowdownAfter: 4, loginSlowdownMaxMs: 1000, loginAlertAfter: 3, publicUrl: "https://app.example.test" },
    { mailer },
  );
});
afterAll(() => t.close());

const signIn = (username: string, password: string, ip: string) =>
  t.app.inject({ method: "POST", url: "/api/login/", payload: { username, password }, remoteAddress: ip });

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const out = await fn();
  return [out, performance.now() - start];
}

const mailsTo = (email: string) => mailer.sent.filter((m) => m.to === email);

describe("sign-in throttling per account and address", () => {
  it("refuses the guesser's address with 429 while the owner signs in from another address", async () => {
    const owner = await createUser(t.db);
    for (let i = 0; i < 3; i++) expect((await signIn(owner.email, "Wrong@guess1", "203.0.113.10")).statusCode).toBe(400);
    const guesser = await signIn(owner.email, owner.password, "203.0.113.10");
    expect(guesser.statusCode).toBe(429);
    expect(guesser.json().detail).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    const home = await signIn(owner.email, owner.password, "198.51.100.7");
    expect(home.statusCode).toBe(200);
    expect(home.json().token).toBeTruthy();
    // Still refused at the guesser's address: the owner's success elsewhere lifts nothing there.
    expect((await signIn(owner.email, "Wrong@guess2", "203.0.113.10")).statusCode).toBe(429);
  });

  it("counts the e-mail and the username of one account together from one address", async () => {
    const owner = await createUser(t.db);
    await t.db.query(`UPDATE users SET username = $2 WHERE id = $1`, [owner.id, `nick${owner.id}`]);
    expect((await signIn(owner.email, "Wrong@guess1", "203.0.113.20")).statusCode).toBe(400);
    expect((await signIn(`nick${owner.id}`, "Wrong@guess1", "203.0.113.20")).statusCode).toBe(400);
    expect((await signIn(owner.email.toUpperCase(), "Wrong@guess1", "203.0.113.20")).statusCode).toBe(400);
    expect((await signIn(`NICK${owner.id}`, "Wrong@guess1", "203.0.113.20")).statusCode).toBe(429);
  });

  it("keeps the per-address limit over all accounts (three times the per-account one)", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await signIn(`nobody${i}@example.com`, "Wrong@guess1", "203.0.113.30")).statusCode);
    expect(codes.slice(0, 9)).toEqual(Array(9).fill(400));
    expect(codes[9]).toBe(429);
  });

  it("slows an account guessed from many addresses, progressively and capped, but lets its owner in", async () => {
    const owner = await createUser(t.db);
    // Four failures (the ceiling) from four addresses: answered at once.
    for (let i = 1; i <= 4; i++) expect((await signIn(owner.email, "Wrong@guess1", `192.0.2.${i}`)).statusCode).toBe(400);
    const waits: number[] = [];
    for (let i = 5; i <= 7; i++) {
      const [res, ms] = await timed(() => signIn(owner.email, "Wrong@guess1", `192.0.2.${i}`));
      expect(res.statusCode).toBe(400);
      waits.push(ms);
    }
    expect(waits[0]).toBeGreaterThanOrEqual(240); // 250 ms, then 500, then 1000 (the cap)
    expect(waits[1]).toBeGreaterThanOrEqual(490);
    expect(waits[2]).toBeGreaterThanOrEqual(990);
    const [home, ms] = await timed(() => signIn(owner.email, owner.password, "198.51.100.8"));
    expect(home.statusCode).toBe(200); // delayed, never locked
    expect(ms).toBeGreaterThanOrEqual(990);
    expect(ms).toBeLessThan(5000); // capped at LOGIN_SLOWDOWN_MAX_MS (1 s here), not growing
  });

  it("slows an unknown name alike, so the wait does not tell whether an account exists", async () => {
    for (let i = 11; i <= 14; i++) expect((await signIn("ghost-account@example.com", "Wrong@guess1", `192.0.2.${i}`)).statusCode).toBe(400);
    const [res, ms] = await timed(() => signIn("ghost-account@example.com", "Wrong@guess1", "192.0.2.15"));
    expect(res.statusCode).toBe(400);
    expect(ms).toBeGreaterThanOrEqual(240);
  });
});

describe("telling the owner", () => {
  it("mails the owner once per window, with the failed attempts and addresses, suggesting a reset", async () => {
    const owner = await createUser(t.db, { firstName: "Meera" });
    await signIn(owner.email, "Wrong@guess1", "203.0.113.41");
    await signIn(owner.email, "Wrong@guess2", "203.0.113.42");
    expect(mailsTo(owner.email)).toHaveLength(0); // two failures: below LOGIN_ALERT_AFTER
    await signIn(owner.email, "Wrong@guess3", "203.0.113.41");
    await vi.waitFor(() => expect(mailsTo(owner.email)).toHaveLength(1), { timeout: 5000 });
    const mail = mailsTo(owner.email)[0];
    expect(mail.subject).toBe("Someone is trying to sign in to your InfraScout account");
    expect(mail.text).toContain("Hello Meera");
    expect(mail.text).toContain("3 failed attempts");
    expect(mail.text).toContain("from 2 different addresses");
    expect(mail.text).toContain("https://app.example.test/forgot-password");
    expect(mail.text).not.toContain("Wrong@guess");
    // More failures in the same window: no further mail.
    await signIn(owner.email, "Wrong@guess4", "203.0.113.42");
    await signIn(owner.email, "Wrong@guess5", "203.0.113.43");
    await signIn(owner.email, "Wrong@guess6", "203.0.113.44");
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(owner.email)).toHaveLength(1);
  });

  it("mails nobody for an unknown name or a disabled account", async () => {
    const disabled = await createUser(t.db, { active: false });
    for (let i = 0; i < 3; i++) {
      await signIn("no-such-user@example.com", "Wrong@guess1", `203.0.113.5${i}`);
      await signIn(disabled.email, "Wrong@guess1", `203.0.113.5${i}`);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo("no-such-user@example.com")).toHaveLength(0);
    expect(mailsTo(disabled.email)).toHaveLength(0);
  });
});

describe("audit of sign-in and sign-out", () => {
  interface Row { actor_id: number | null; as_user_id: number | null; action: string; details: Record<string, unknown>; ip: string | null }
  const rows = async (action: string, ip: string) =>
    (await t.db.query<Row>(`SELECT actor_id, as_user_id, action, details, ip FROM audit_log WHERE action = $1 AND ip = $2 ORDER BY id`, [action, ip])).rows;

  it("records a failed sign-in with the name tried and the address, never the password", async () => {
    const owner = await createUser(t.db);
    await signIn(owner.email.toUpperCase(), "Secret-Guess@77", "203.0.113.61");
    await signIn("unknown-person@example.com", "Secret-Guess@78", "203.0.113.61");
    const failed = await rows("login_failed", "203.0.113.61");
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({ actor_id: null, as_user_id: owner.id, details: { username: owner.email.toLowerCase() } });
    expect(failed[1]).toMatchObject({ actor_id: null, as_user_id: null, details: { username: "unknown-person@example.com" } });
    expect(JSON.stringify(failed)).not.toContain("Secret-Guess");
    // A refused (429) attempt checks no password and is not a failed sign-in.
    const u = await createUser(t.db);
    for (let i = 0; i < 4; i++) await signIn(u.email, "Wrong@guess1", "203.0.113.62");
    expect(await rows("login_failed", "203.0.113.62")).toHaveLength(3);
  });

  it("records a sign-out", async () => {
    const u = await createUser(t.db);
    const res = await t.app.inject({ method: "POST", url: "/api/login/", payload: { username: u.email, password: u.password }, remoteAddress: "203.0.113.71" });
    const token = res.json().token as string;
    const out = await t.app.inject({ method: "POST", url: "/api/logout/", headers: bearer(token), remoteAddress: "203.0.113.71" });
    expect(out.statusCode).toBe(204);
    expect(await rows("logout", "203.0.113.71")).toEqual([
      expect.objectContaining({ actor_id: u.id, as_user_id: u.id, action: "logout", ip: "203.0.113.71" }),
    ]);
  });
});
