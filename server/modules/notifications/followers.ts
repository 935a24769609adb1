// Who follows a changed item (issue 19, point 2), and who may be told of it. A user follows an
// item they set a reminder on (not completed), shortlisted (leads), shared (a link they made and
// did not revoke) or viewed in the 30 days before the change; a quick search with an e-mail
// alert that finds the item is alert-matches.ts. Only users who may read the item are told: an
// active account with a current subscription, or proven staff (the CASL rules of common/ability.ts)
// — and never the staff member whose own save made the change.
import { defineAbilityFor } from "../../../common/ability.js";
import type { ChangeItemType } from "../../../common/changes.js";
import { FOLLOW_REASONS, type FollowReason, type NoticeItemType } from "../../../common/notifications.js";
import type { Queryable } from "../../db/client.js";
import { istDate } from "../../jobs/ist.js";
import { isProvenStaff } from "../users/staff.js";

/** A viewer follows what they looked at within this many days before it changed. */
export const VIEWED_FOLLOW_DAYS = 30;

export interface ChangeSetToTell {
  id: number;
  item_type: ChangeItemType;
  item_id: number;
  detected_at: Date;
  /** The staff member whose save made it (not told of their own change). */
  staff_user_id: number | null;
}

export interface Follow {
  change_set_id: number;
  user_id: number;
  reason: FollowReason;
}

/** Reminders, shortlists, shared links and recent views of the sets' items, one row per (set, user, reason). */
export async function directFollows(db: Queryable, sets: readonly ChangeSetToTell[]): Promise<Follow[]> {
  if (!sets.length) return [];
  const { rows } = await db.query<{ change_set_id: number; user_id: number; reason: FollowReason }>(
    `WITH s AS (
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::timestamptz[]) AS x(id, item_type, item_id, detected_at)
     )
     SELECT DISTINCT s.id AS change_set_id, f.user_id, f.reason
       FROM s CROSS JOIN LATERAL (
         SELECT r.user_id, 'reminder' AS reason FROM reminders r
          WHERE r.item_type = s.item_type AND r.item_id = s.item_id AND r.completed_at IS NULL
         UNION ALL
         SELECT m.user_id, 'shortlisted' FROM marks m
          WHERE s.item_type = 'project' AND m.project_id = s.item_id AND m.mark = 'shortlisted'
         UNION ALL
         SELECT l.user_id, 'shared' FROM share_links l
          WHERE l.item_type = s.item_type AND l.item_id = s.item_id AND l.revoked_at IS NULL
         UNION ALL
         SELECT v.user_id, 'viewed' FROM recently_viewed v
          WHERE v.item_type = s.item_type AND v.item_id = s.item_id AND v.viewed_at >= s.detected_at - make_interval(days => $5)
       ) f`,
    [sets.map((s) => s.id), sets.map((s) => s.item_type), sets.map((s) => s.item_id), sets.map((s) => s.detected_at), VIEWED_FOLLOW_DAYS],
  );
  return rows.map((r) => ({ change_set_id: Number(r.change_set_id), user_id: Number(r.user_id), reason: r.reason }));
}

interface UserFacts {
  id: number;
  email: string;
  end_date: string | null;
  is_active: boolean;
  staff_proven: boolean;
}

/** Of these users, who may read tenders, leads and companies at `now` (IST calendar, as the digests judge subscriptions). */
export async function readersAmong(db: Queryable, userIds: readonly number[], staffDomains: readonly string[], now: Date): Promise<Record<NoticeItemType, Set<number>>> {
  const out = { tender: new Set<number>(), project: new Set<number>(), company: new Set<number>() };
  if (!userIds.length) return out;
  const { rows } = await db.query<UserFacts>(`SELECT id, email, end_date, is_active, staff_proven FROM users WHERE id = ANY($1::bigint[])`, [[...new Set(userIds)]]);
  const today = istDate(now);
  for (const u of rows) {
    const ability = defineAbilityFor({ id: Number(u.id), email: u.email, is_staff: isProvenStaff(u, staffDomains), end_date: u.end_date, is_active: u.is_active }, { staffDomains, today });
    if (ability.can("read", "Tender")) out.tender.add(Number(u.id));
    if (ability.can("read", "Lead")) out.project.add(Number(u.id));
    if (ability.can("read", "Company")) out.company.add(Number(u.id));
  }
  return out;
}

/** The item types this user may be told of (and mailed about) now: none for a lapsed or inactive account. */
export async function readableItemTypes(db: Queryable, userId: number, staffDomains: readonly string[], now: Date): Promise<Set<NoticeItemType>> {
  const readers = await readersAmong(db, [userId], staffDomains, now);
  return new Set((["tender", "project", "company"] as const).filter((t) => readers[t].has(userId)));
}

/** A user's reasons for one set, strongest first (FOLLOW_REASONS' order), each once. */
export function orderedReasons(reasons: Iterable<FollowReason>): FollowReason[] {
  const have = new Set(reasons);
  return FOLLOW_REASONS.filter((r) => have.has(r));
}
