// npm run make-staff -- someone@infrascout.in
// Makes an existing account staff from the server's shell: the way to the very first staff member
// (after that, staff grant staff in the users admin). Running it on the server is the proof: the
// address counts as verified and staff powers are granted, both audited. The account must exist
// (sign up, or sign in with Google/Microsoft, first) and its address be on a staff domain.
// Target: DATABASE_URL, else the embedded PGlite database in DATA_DIR. Exit: 0 done, 1 refused, 2 usage.
import os from "node:os";
import { isStaffEmail } from "../../common/constants.js";
import { loadConfig } from "../config.js";
import { openDb, type Db } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { audit } from "../modules/audit/log.js";
import { grantStaff, markEmailVerified } from "../modules/users/staff.js";

const USAGE = `Usage: npm run make-staff -- <e-mail>

Marks the account's address verified and grants it staff powers (an audited grant).
The account must exist and its address be on a staff domain (STAFF_DOMAINS).`;

export class MakeStaffError extends Error {}

export interface MakeStaffResult {
  id: number;
  email: string;
  /** False when the account was already verified and granted. */
  changed: boolean;
}

export async function makeStaff(db: Db, email: string, staffDomains: readonly string[]): Promise<MakeStaffResult> {
  const address = email.trim();
  if (!isStaffEmail(address, staffDomains)) throw new MakeStaffError(`${address} is not on a staff domain (${staffDomains.join(", ")}).`);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; email: string; is_active: boolean }>(
      `SELECT id, email, is_active FROM users WHERE lower(email) = lower($1) FOR UPDATE`,
      [address],
    );
    const user = rows[0];
    if (!user) throw new MakeStaffError(`No account has the address ${address}. Sign up with it first, then run this again.`);
    if (!user.is_active) throw new MakeStaffError(`The account ${user.email} is disabled. Enable it first.`);
    const verified = await markEmailVerified(tx, user.id, user.email);
    const granted = await grantStaff(tx, user.id, null);
    if (verified || granted) {
      await audit(tx, {
        actorId: null,
        action: "staff_grant",
        itemType: "user",
        itemId: user.id,
        details: { email: user.email, method: "make-staff", verified, granted, os_user: os.userInfo().username, host: os.hostname() },
      });
    }
    return { id: Number(user.id), email: user.email, changed: verified || granted };
  });
}

async function main(argv: string[]): Promise<void> {
  const emails = argv.filter((a) => a !== "--");
  if (emails.length !== 1 || emails[0].startsWith("-")) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  let db: Db | undefined;
  try {
    db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await migrate(db);
    const r = await makeStaff(db, emails[0], config.staffDomains);
    console.log(r.changed ? `${r.email} is now staff (address verified, staff granted).` : `${r.email} was already staff.`);
  } catch (err) {
    console.error(err instanceof MakeStaffError ? err.message : `make-staff failed: ${(err as Error).message ?? err}`);
    process.exitCode = 1;
  } finally {
    await db?.close().catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, "/").split("/").pop()!)) await main(process.argv.slice(2));
