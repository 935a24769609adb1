// A user's marks on leads, and each mark's history. Private to the user — every query is by
// user_id — except to the user's teammates (issue 20): teamMarks, teamMarkCounts. Other modules
// (lead detail, dashboard) call these.
import type { Db, Queryable } from "../../db/client.js";
import { personName, type TeamMark } from "../../../common/assignments.js";
import type { Mark } from "../../../common/constants.js";

export interface MarkHistoryEntry {
  old_mark: string | null;
  new_mark: string;
  created_at: string;
}

export async function getMark(db: Queryable, userId: number, projectId: number): Promise<Mark> {
  const { rows } = await db.query<{ mark: Mark }>(`SELECT mark FROM marks WHERE user_id = $1 AND project_id = $2`, [userId, projectId]);
  return rows[0]?.mark ?? "unmarked";
}

export async function markHistory(db: Queryable, userId: number, projectId: number): Promise<MarkHistoryEntry[]> {
  const { rows } = await db.query<{ old_mark: string | null; new_mark: string; created_at: Date }>(
    `SELECT old_mark, new_mark, created_at FROM mark_history WHERE user_id = $1 AND project_id = $2 ORDER BY created_at DESC, id DESC`,
    [userId, projectId],
  );
  return rows.map((r) => ({ old_mark: r.old_mark, new_mark: r.new_mark, created_at: new Date(r.created_at).toISOString() }));
}

/**
 * Sets the user's mark on a project. History gets a row (old → new) only when the mark changes,
 * so a double click or a repeated request adds nothing. The row lock serialises racing requests.
 * Answers whether it changed.
 */
export async function setMark(
  db: Db,
  userId: number,
  projectId: number,
  mark: Mark,
  /** Called in the transaction when the mark changes (webhook events are queued there). */
  onChange?: (tx: Queryable, old: Mark) => Promise<unknown>,
): Promise<{ changed: boolean; old: Mark }> {
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO marks (user_id, project_id, mark) VALUES ($1, $2, 'unmarked') ON CONFLICT (user_id, project_id) DO NOTHING`,
      [userId, projectId],
    );
    const { rows } = await tx.query<{ mark: Mark }>(`SELECT mark FROM marks WHERE user_id = $1 AND project_id = $2 FOR UPDATE`, [userId, projectId]);
    const old = rows[0].mark;
    if (old === mark) return { changed: false, old };
    await tx.query(`UPDATE marks SET mark = $3, updated_at = now() WHERE user_id = $1 AND project_id = $2`, [userId, projectId, mark]);
    await tx.query(`INSERT INTO mark_history (user_id, project_id, old_mark, new_mark) VALUES ($1, $2, $3, $4)`, [userId, projectId, old, mark]);
    await onChange?.(tx, old);
    return { changed: true, old };
  });
}

/**
 * Teammates' marks on a lead (issue 20): the other members of the user's team who marked it
 * (unmarked ones left out), newest first. Nobody outside the team is ever read: the team is the
 * user's own (team_members), so another team's marks never show.
 */
export async function teamMarks(db: Queryable, userId: number, projectId: number): Promise<TeamMark[]> {
  const { rows } = await db.query<{ user_id: number; first_name: string; last_name: string; email: string; mark: TeamMark["mark"]; updated_at: Date }>(
    `SELECT m.user_id, u.first_name, u.last_name, u.email, m.mark, m.updated_at
       FROM team_members me
       JOIN team_members mate ON mate.team_id = me.team_id AND mate.user_id <> me.user_id
       JOIN marks m ON m.user_id = mate.user_id AND m.project_id = $2 AND m.mark <> 'unmarked'
       JOIN users u ON u.id = m.user_id
      WHERE me.user_id = $1
      ORDER BY m.updated_at DESC, m.user_id`,
    [userId, projectId],
  );
  return rows.map((r) => ({ user_id: Number(r.user_id), name: personName(r), mark: r.mark, marked_at: new Date(r.updated_at).toISOString() }));
}

/** Leads each member of a team has marked, by mark (the dashboard's team pipeline). */
export async function teamMarkCounts(db: Queryable, teamId: number): Promise<Map<number, Record<TeamMark["mark"], number>>> {
  const { rows } = await db.query<{ user_id: number; shortlisted: number; tentative: number; rejected: number }>(
    `SELECT tm.user_id,
            count(*) FILTER (WHERE m.mark = 'shortlisted')::int AS shortlisted,
            count(*) FILTER (WHERE m.mark = 'tentative')::int AS tentative,
            count(*) FILTER (WHERE m.mark = 'rejected')::int AS rejected
       FROM team_members tm JOIN marks m ON m.user_id = tm.user_id
      WHERE tm.team_id = $1
      GROUP BY tm.user_id`,
    [teamId],
  );
  return new Map(rows.map((r) => [Number(r.user_id), { shortlisted: r.shortlisted, tentative: r.tentative, rejected: r.rejected }]));
}
