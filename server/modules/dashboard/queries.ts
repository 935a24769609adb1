// The user's own rows the dashboard sums up: marks, reminders, status changes of shortlisted
// leads, recently viewed items. Every query is scoped by user_id; nothing of another user is read.
import {
  COUNTED_MARKS,
  RECENTLY_VIEWED_LIMIT,
  STATUS_UPDATES_PAGE_SIZE,
  type CategoryCount,
  type CountedMark,
  type RecentlyViewed,
  type ReminderStat,
  type ShortlistedStatusStat,
  type StatusUpdatesPage,
  type ViewedItemType,
} from "../../../common/dashboard.js";
import { winnerList, wonByAll } from "../../../common/winners.js";
import type { Queryable } from "../../db/client.js";
import { istDayBounds } from "../../jobs/ist.js";

interface SplitRow {
  key: string | null;
  category: string;
  n: number;
}

/** Rows of (key, category, n) → one CategoryCount per key, in the order keys first appear. */
function byCategory(rows: SplitRow[]): Map<string | null, CategoryCount> {
  const out = new Map<string | null, CategoryCount>();
  for (const r of rows) {
    let c = out.get(r.key);
    if (!c) out.set(r.key, (c = { count: 0, construction: 0, industrial: 0 }));
    const n = Number(r.n);
    c.count += n;
    if (r.category === "construction") c.construction += n;
    else c.industrial += n;
  }
  return out;
}

export async function shortlistedStatusStat(db: Queryable, userId: number): Promise<ShortlistedStatusStat> {
  const [marks, statuses] = await Promise.all([
    db.query<SplitRow>(
      `SELECT m.mark AS key, p.category, count(*)::int AS n FROM marks m JOIN projects p ON p.id = m.project_id
        WHERE m.user_id = $1 AND m.mark = ANY($2::text[]) GROUP BY m.mark, p.category`,
      [userId, COUNTED_MARKS],
    ),
    db.query<SplitRow>(
      `SELECT p.status AS key, p.category, count(*)::int AS n FROM marks m JOIN projects p ON p.id = m.project_id
        WHERE m.user_id = $1 AND m.mark = 'shortlisted' GROUP BY p.status, p.category ORDER BY p.status NULLS LAST`,
      [userId],
    ),
  ]);
  const byMark = byCategory(marks.rows);
  const by_mark = COUNTED_MARKS.map((mark) => ({ mark: mark as CountedMark, ...(byMark.get(mark) ?? { count: 0, construction: 0, industrial: 0 }) }));
  const by_status = [...byCategory(statuses.rows)].map(([status, c]) => ({ status, ...c })).sort((a, b) => b.count - a.count);
  return { total: by_mark.reduce((s, m) => s + m.count, 0), by_mark, by_status };
}

export async function reminderStat(db: Queryable, userId: number, now = new Date()): Promise<ReminderStat> {
  const endOfToday = istDayBounds(now).end;
  const [due, types, statuses] = await Promise.all([
    db.query<{ overdue: number; today: number; upcoming: number }>(
      `SELECT count(*) FILTER (WHERE remind_at < $2)::int AS overdue,
              count(*) FILTER (WHERE remind_at >= $2 AND remind_at < $3)::int AS today,
              count(*) FILTER (WHERE remind_at >= $3)::int AS upcoming
         FROM reminders WHERE user_id = $1 AND completed_at IS NULL`,
      [userId, now, endOfToday],
    ),
    db.query<{ item_type: ReminderStat["by_item_type"][number]["item_type"]; n: number }>(
      `SELECT item_type, count(*)::int AS n FROM reminders WHERE user_id = $1 AND completed_at IS NULL GROUP BY item_type ORDER BY n DESC, item_type`,
      [userId],
    ),
    db.query<{ status: string | null; n: number }>(
      `SELECT p.status, count(*)::int AS n FROM reminders r JOIN projects p ON p.id = r.item_id
        WHERE r.user_id = $1 AND r.completed_at IS NULL AND r.item_type = 'project' GROUP BY p.status ORDER BY n DESC, p.status NULLS LAST`,
      [userId],
    ),
  ]);
  const d = due.rows[0];
  return {
    open: d.overdue + d.today + d.upcoming,
    by_due: [
      { due: "overdue", count: d.overdue },
      { due: "today", count: d.today },
      { due: "upcoming", count: d.upcoming },
    ],
    by_item_type: types.rows.map((r) => ({ item_type: r.item_type, count: Number(r.n) })),
    by_lead_status: statuses.rows.map((r) => ({ status: r.status, count: Number(r.n) })),
  };
}

export async function shortlistedStatusUpdates(db: Queryable, userId: number, page: number): Promise<StatusUpdatesPage> {
  const size = STATUS_UPDATES_PAGE_SIZE;
  const from = `FROM marks m JOIN project_status_updates u ON u.project_id = m.project_id JOIN projects p ON p.id = m.project_id
                WHERE m.user_id = $1 AND m.mark = 'shortlisted'`;
  const [n, rows] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [userId]),
    db.query<{ id: number; project_id: number; title: string; category: "construction" | "industrial"; old_status: string | null; new_status: string; note: string | null; created_at: Date }>(
      `SELECT u.id, u.project_id, p.title, p.category, u.old_status, u.new_status, u.note, u.created_at ${from}
        ORDER BY u.created_at DESC, u.id DESC LIMIT $2 OFFSET $3`,
      [userId, size, (page - 1) * size],
    ),
  ]);
  return {
    count: n.rows[0].n,
    page,
    page_size: size,
    results: rows.rows.map((r) => ({ ...r, id: Number(r.id), project_id: Number(r.project_id), created_at: new Date(r.created_at).toISOString() })),
  };
}

/** The web app's page for a viewed item. */
export function viewedLink(type: ViewedItemType, id: number, category: string | null): string {
  if (type === "project") return category === "industrial" ? `/private-industrial-leads/detail/${id}` : `/private-construction-leads/detail/${id}`;
  if (type === "tender") return `/tender/detail/${id}`;
  if (type === "result") return `/result/detail/${id}`;
  return `/builder/detail/${id}`;
}

export async function recentlyViewed(db: Queryable, userId: number): Promise<RecentlyViewed> {
  const { rows } = await db.query<{
    item_type: ViewedItemType; item_id: number; viewed_at: Date; title: string | null; subtitle: string | null; category: string | null; winners: string[] | null;
  }>(
    // A result's subtitle names every winner.
    `SELECT v.item_type, v.item_id, v.viewed_at, x.title, x.subtitle, x.category, x.winners
       FROM recently_viewed v
       LEFT JOIN LATERAL (
         SELECT p.title, concat_ws(', ', p.city, p.state) AS subtitle, p.category, NULL::text[] AS winners FROM projects p WHERE v.item_type = 'project' AND p.id = v.item_id
         UNION ALL
         SELECT t.title, t.org_name, NULL, NULL FROM tenders t WHERE v.item_type = 'tender' AND t.id = v.item_id
         UNION ALL
         SELECT t.title, t.org_name, NULL, result_winner_names(r.winner_names, r.winner_name)
           FROM results r JOIN tenders t ON t.id = r.tender_id WHERE v.item_type = 'result' AND r.id = v.item_id
         UNION ALL
         SELECT c.name, concat_ws(', ', c.city, c.state), NULL, NULL FROM companies c WHERE v.item_type = 'company' AND c.id = v.item_id
       ) x ON true
      WHERE v.user_id = $1
      ORDER BY v.viewed_at DESC, v.item_id DESC
      LIMIT $2`,
    [userId, RECENTLY_VIEWED_LIMIT],
  );
  return {
    results: rows.map((r) => ({
      item_type: r.item_type,
      item_id: Number(r.item_id),
      title: r.title,
      subtitle: (r.item_type === "result" && wonByAll(winnerList(r.winners))) || r.subtitle || null,
      link: viewedLink(r.item_type, Number(r.item_id), r.category),
      viewed_at: new Date(r.viewed_at).toISOString(),
    })),
  };
}
