// Shared links: a subscriber sends a tender or result to a colleague without an account. The
// link carries uid (the sharer's id) and tid (a random 192-bit token the server issued for that
// user and that item). Only the token's SHA-256 is stored (share_links.token_hash), so the
// database never holds a working link. A pair opens exactly one item: the hash must match a
// row of the same user, item type and item id, not revoked, whose sharer is still an active
// subscriber (or staff). Anything else is one answer — invalid — whichever part was wrong, so
// a link tells nothing about other items or users.
import type { Queryable } from "../../db/client.js";
import { hasSubscription } from "../../../common/ability.js";
import { isStaffEmail } from "../../../common/constants.js";
import { hashSecret, newSecret } from "../auth/tokens.js";

export type SharedItemType = "tender" | "result";

/** The web page a link opens. */
export const sharePath = (type: SharedItemType, id: number, uid: string, tid: string) =>
  `/${type}/detail/${id}?uid=${encodeURIComponent(uid)}&tid=${encodeURIComponent(tid)}`;

export async function issueShareLink(db: Queryable, userId: number, type: SharedItemType, itemId: number) {
  const tid = newSecret();
  const { rows } = await db.query<{ created_at: Date }>(
    `INSERT INTO share_links (user_id, item_type, item_id, token_hash) VALUES ($1, $2, $3, $4) RETURNING created_at`,
    [userId, type, itemId, hashSecret(tid)],
  );
  const uid = String(userId);
  return { uid, tid, path: sharePath(type, itemId, uid, tid), created_at: rows[0].created_at.toISOString() };
}

/** Revokes every live link the user made for the item; answers how many. */
export async function revokeShareLinks(db: Queryable, userId: number, type: SharedItemType, itemId: number): Promise<number> {
  const r = await db.query(
    `UPDATE share_links SET revoked_at = now() WHERE user_id = $1 AND item_type = $2 AND item_id = $3 AND revoked_at IS NULL`,
    [userId, type, itemId],
  );
  return r.rowCount ?? 0;
}

const UID = /^[1-9]\d{0,15}$/;
const TID = /^[A-Za-z0-9_-]{32}$/;

/** The sharer's id when (uid, tid) is a live link to this very item; null otherwise. */
export async function verifyShareLink(
  db: Queryable,
  staffDomains: readonly string[],
  type: SharedItemType,
  itemId: number,
  uid: string | undefined,
  tid: string | undefined,
): Promise<number | null> {
  if (!uid || !tid || !UID.test(uid) || !TID.test(tid)) return null;
  const { rows } = await db.query<{ user_id: number; email: string; end_date: string | null; is_active: boolean }>(
    `SELECT s.user_id, u.email, u.end_date, u.is_active
       FROM share_links s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.user_id = $2 AND s.item_type = $3 AND s.item_id = $4 AND s.revoked_at IS NULL`,
    [hashSecret(tid), Number(uid), type, itemId],
  );
  const row = rows[0];
  if (!row || !row.is_active) return null;
  // A link lives no longer than the sharer's access to what it shows.
  if (!isStaffEmail(row.email, staffDomains) && !hasSubscription(row)) return null;
  return Number(row.user_id);
}
