// Sign-in throttling that a stranger cannot turn into a lock-out of the owner.
//
// Per attempt, in this order:
//  - the address: at most 3 × LOGIN_MAX_ATTEMPTS per window over all accounts (429);
//  - the account from that address: at most LOGIN_MAX_ATTEMPTS per window (429). The guesser's
//    address is refused; the owner signing in from elsewhere is not;
//  - the account from every address together: past LOGIN_ACCOUNT_SLOWDOWN_AFTER failures in the
//    window each further attempt waits before it is checked (250 ms, doubling, at most
//    LOGIN_SLOWDOWN_MAX_MS). It delays, never refuses: many addresses guessing one account are
//    slowed down, and its owner still gets in.
// The account is the user's id when the name is known (e-mail and username share one count) and
// the name as typed otherwise; both wait alike, so waiting says nothing about whether it exists.
// Every attempt counts at once (parallel guessing is limited too); a success is taken back.
import type { FastifyInstance } from "fastify";
import { tooManyRequests } from "../../http/errors.js";
import { audit } from "../audit/log.js";
import { guessingAlertMail } from "./login-alert-mail.js";

export const LOGIN_FAILED = "login_failed";

/** The account a sign-in names, when it exists. */
export interface SignInAccount {
  id: number;
  email: string;
  first_name: string;
  is_active: boolean;
}

export interface LoginAttempt {
  /** The right password: this attempt counts against no one, and the address starts afresh on the account. */
  succeeded(): Promise<void>;
  /** A wrong password, unknown or disabled account: audited; the owner hears of it once per window. */
  failed(): Promise<void>;
}

const FIRST_WAIT_MS = 250;

/** How long an attempt waits when `failuresBefore` attempts on its account already failed in the window. */
export function slowdownMs(failuresBefore: number, after: number, maxMs: number): number {
  const over = failuresBefore - after + 1;
  if (over <= 0 || maxMs <= 0) return 0;
  return Math.min(maxMs, FIRST_WAIT_MS * 2 ** Math.min(over - 1, 20));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Failed sign-ins of one account in the window, from the audit log (its as_user index).
const RECENT_FAILURES = `
  SELECT count(*)::int AS attempts, count(DISTINCT ip)::int AS addresses
    FROM audit_log
   WHERE as_user_id = $1 AND action = $2 AND created_at > now() - make_interval(secs => $3)`;

export function createLoginThrottle(app: FastifyInstance) {
  const { limiter, config, db } = app;
  const window = config.loginWindowSeconds;

  async function limit(key: string, max: number) {
    const r = await limiter.hit(key, max, window);
    if (!r.allowed) throw tooManyRequests(r.retryAfterSeconds);
  }

  /** Mails the owner, at most once per window, how many failed attempts from how many addresses. */
  async function alertOwner(account: SignInAccount) {
    const first = await limiter.hit(`login:alerted:${account.id}`, 1, window);
    if (!first.allowed) return;
    const { rows } = await db.query<{ attempts: number; addresses: number }>(RECENT_FAILURES, [account.id, LOGIN_FAILED, window]);
    await app.mailer.send(
      guessingAlertMail({
        to: account.email,
        firstName: account.first_name,
        failedAttempts: rows[0].attempts,
        addresses: rows[0].addresses,
        windowMinutes: Math.max(1, Math.round(window / 60)),
        resetUrl: `${config.publicUrl}/forgot-password`,
      }),
    );
  }

  /** Counts the attempt (429 when its address is over a limit) and waits if the account is being guessed. */
  async function admit(username: string, ip: string, account: SignInAccount | undefined): Promise<LoginAttempt> {
    const ipKey = `login:ip:${ip}`;
    const accountId = account ? `id:${account.id}` : `name:${username}`;
    const addressKey = `login:account-ip:${ip} ${accountId}`; // an address has no spaces: unambiguous
    const accountKey = `login:account:${accountId}`;
    await limit(ipKey, config.loginMaxAttempts * 3);
    await limit(addressKey, config.loginMaxAttempts);
    const { hits } = await limiter.hit(accountKey, Number.MAX_SAFE_INTEGER, window);
    const wait = slowdownMs(hits - 1, config.loginAccountSlowdownAfter, config.loginSlowdownMaxMs);
    if (wait > 0) await sleep(wait);
    return {
      async succeeded() {
        await limiter.reset(addressKey);
        await limiter.undo(ipKey);
        await limiter.undo(accountKey);
      },
      async failed() {
        await audit(db, { actorId: null, asUserId: account?.id ?? null, action: LOGIN_FAILED, details: { username }, ip });
        if (!account?.is_active || hits < config.loginAlertAfter) return;
        // After the answer, as a password reset mail is: its timing must not tell that the account exists.
        alertOwner(account).catch((err) => app.log.error({ err }, "sign-in alert mail failed"));
      },
    };
  }

  return { admit };
}
