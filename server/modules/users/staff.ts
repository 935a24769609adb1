// Who is staff (issue 13): an address on a staff domain (STAFF_DOMAINS) is not enough. The address
// must be proven (a mailed one-time link, or a Google/Microsoft ID token vouching for it) AND
// staff powers granted by an existing staff member (or `npm run make-staff`). The database keeps
// both facts for the address they were established for and combines them in users.staff_proven
// (migration 015); every place that asks "is this user staff?" reads that column through
// isProvenStaff, which adds the domain check (so removing a domain from STAFF_DOMAINS still ends
// its staff powers).
import type { Queryable } from "../../db/client.js";
import { isStaffEmail } from "../../../common/constants.js";
import { endImpersonationsBy } from "../auth/tokens.js";

/** The columns every staff check reads: select `u.email, u.staff_proven`. */
export interface StaffFacts {
  email: string;
  staff_proven: boolean;
}

/** The one rule: a proven, granted address on a staff domain. */
export function isProvenStaff(row: StaffFacts, staffDomains: readonly string[]): boolean {
  return row.staff_proven === true && isStaffEmail(row.email, staffDomains);
}

/** SQL for the two facts of the users row `u`, as the staff users admin shows them. */
export const STAFF_FACTS_SQL = `u.staff_proven,
  coalesce(lower(u.email_verified_for) = lower(u.email), false) AS email_verified,
  coalesce(lower(u.staff_granted_for) = lower(u.email), false) AS staff_granted`;

/**
 * Records that the user's current address is proven, if it still is `email` (a link or token for
 * an address the account no longer has proves nothing). True when this changed anything.
 */
export async function markEmailVerified(db: Queryable, userId: number, email: string): Promise<boolean> {
  const r = await db.query(
    `UPDATE users SET email_verified_for = email, email_verified_at = now(), updated_at = now()
      WHERE id = $1 AND lower(email) = lower($2)
        AND (email_verified_for IS NULL OR lower(email_verified_for) <> lower(email))`,
    [userId, email],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Grants staff powers to the user's current address; true when this changed anything. */
export async function grantStaff(db: Queryable, userId: number, grantedBy: number | null): Promise<boolean> {
  const r = await db.query(
    `UPDATE users SET staff_granted_for = email, staff_granted_at = now(), staff_granted_by = $2, updated_at = now()
      WHERE id = $1 AND (staff_granted_for IS NULL OR lower(staff_granted_for) <> lower(email))`,
    [userId, grantedBy],
  );
  return (r.rowCount ?? 0) > 0;
}

/**
 * Takes staff powers away; true when this changed anything. The user's live impersonations end
 * too: an impersonation token only checks that its staff session is alive, not that it is staff.
 */
export async function revokeStaff(db: Queryable, userId: number): Promise<boolean> {
  const r = await db.query(
    `UPDATE users SET staff_granted_for = NULL, staff_granted_at = NULL, staff_granted_by = NULL, updated_at = now()
      WHERE id = $1 AND staff_granted_for IS NOT NULL`,
    [userId],
  );
  // Through the tokens module, so each ended impersonation is in the audit log at once (kind staff_revoked).
  await endImpersonationsBy(db, userId, { ownKind: "staff_revoked" });
  return (r.rowCount ?? 0) > 0;
}
