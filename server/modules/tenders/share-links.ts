// Shared links: a subscriber sends a tender or result to a colleague without an account. The
// link carries uid (the sharer's id) and tid (a random 192-bit token the server issued for that
// user and that item). Only the token's SHA-256 is stored (share_links.token_hash), so the
// database never holds a working link. A pair opens exactly one item: the hash must match a
// row of the same user, item type and item id, not revoked, not expired, whose sharer is still
// an active subscriber (or staff). Anything else is one answer — invalid — whichever part was
// wrong, so a link tells nothing about other items or users, nor whether it merely expired.
// Every link expires (expires_at, set at issue from the staff setting share_link_days); a user
// lists their live links and revokes them one by one or all of an item's at once.
import type { Queryable } from "../../db/client.js";
import { hasSubscription } from "../../../common/ability.js";
import { isProvenStaff } from "../users/staff.js";
import { hashSecret, newSecret } from "../auth/tokens.js";

export type SharedItemType = "tender" | "result";

/** The web page a link opens. */
export const sharePath = (type: SharedItemType, id: number, uid: string, tid: string) =>
  `/${type}/detail/${id}?uid=${encodeURIComponent(uid)}&tid=${encodeURIComponent(tid)}`;

export async function issueShareLink(db: Queryable, userId: number, type: SharedItemType, itemId: number, days: number) {
  const tid = newSecret();
  const { rows } = await db.query<{ id: number; created_at: Date; expires_at: Date }>(
    `INSERT INTO share_links (user_id, item_type, item_id, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(days => $5::int)) RETURNING id, created_at, expires_at`,
    [userId, type, itemId, hashSecret(tid), days],
  );
  const uid = String(userId);
  const { id, created_at, expires_at } = rows[0];
  return { id: Number(id), uid, tid, path: sharePath(type, itemId, uid, tid), created_at: created_at.toISOString(), expires_at: expires_at.toISOString() };
}

/** Revokes every live link the user made for the item; answers how many. */
export async function revokeShareLinks(db: Queryable, userId: number, type: SharedItemType, itemId: number): Promise<number> {
  const r = await db.query(
    `UPDATE share_links SET revoked_at = now() WHERE user_id = $1 AND item_type = $2 AND item_id = $3 AND revoked_at IS NULL`,
    [userId, type, itemId],
  );
  return r.rowCount ?? 0;
}

const LIVE = `s.revoked_at IS NULL AND s.expires_at > now()`;

/** Revokes one live link of the user's and names its item; null when it is not theirs, already revoked or expired. */
export async function revokeShareLink(db: Queryable, userId: number, linkId: number): Promise<{ item_type: SharedItemType; item_id: number } | null> {
  const { rows } = await db.query<{ item_type: SharedItemType; item_id: number }>(
    `UPDATE share_links s SET revoked_at = now() WHERE s.id = $1 AND s.user_id = $2 AND ${LIVE} RETURNING s.item_type, s.item_id`,
    [linkId, userId],
  );
  return rows[0] ?? null;
}

export const SHARE_LINKS_PAGE_SIZE = 20;

export interface ShareLinkRow {
  id: number;
  item_type: SharedItemType;
  item_id: number;
  title: string | null;
  created_at: string;
  expires_at: string;
}

/** The user's live links, newest first, with the shared item's title (a result's is its tender's). */
export async function listShareLinks(db: Queryable, userId: number, page: number) {
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM share_links s WHERE s.user_id = $1 AND ${LIVE}`, [userId]);
  const { rows } = await db.query<{ id: number; item_type: SharedItemType; item_id: number; title: string | null; created_at: Date; expires_at: Date }>(
    `SELECT s.id, s.item_type, s.item_id, s.created_at, s.expires_at, coalesce(t.title, rt.title) AS title
       FROM share_links s
       LEFT JOIN tenders t ON s.item_type = 'tender' AND t.id = s.item_id
       LEFT JOIN results r ON s.item_type = 'result' AND r.id = s.item_id
       LEFT JOIN tenders rt ON rt.id = r.tender_id
      WHERE s.user_id = $1 AND ${LIVE}
      ORDER BY s.created_at DESC, s.id DESC
      LIMIT $2 OFFSET $3`,
    [userId, SHARE_LINKS_PAGE_SIZE, (page - 1) * SHARE_LINKS_PAGE_SIZE],
  );
  const results: ShareLinkRow[] = rows.map((r) => ({
    id: Number(r.id), item_type: r.item_type, item_id: Number(r.item_id), title: r.title,
    created_at: r.created_at.toISOString(), expires_at: r.expires_at.toISOString(),
  }));
  return { count: total.rows[0].n, page, page_size: SHARE_LINKS_PAGE_SIZE, results };
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
  const { rows } = await db.query<{ user_id: number; email: string; staff_proven: boolean; end_date: string | null; is_active: boolean }>(
    `SELECT s.user_id, u.email, u.staff_proven, u.end_date, u.is_active
       FROM share_links s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.user_id = $2 AND s.item_type = $3 AND s.item_id = $4 AND ${LIVE}`,
    [hashSecret(tid), Number(uid), type, itemId],
  );
  const row = rows[0];
  if (!row || !row.is_active) return null;
  // A link lives no longer than the sharer's access to what it shows.
  if (!isProvenStaff(row, staffDomains) && !hasSubscription(row)) return null;
  return Number(row.user_id);
}
