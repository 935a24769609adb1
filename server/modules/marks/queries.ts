// A user's marks on leads, and each mark's history. Private to the user: every query is by
// user_id. Other modules (lead detail, dashboard) call these.
import type { Db, Queryable } from "../../db/client.js";
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
export async function setMark(db: Db, userId: number, projectId: number, mark: Mark): Promise<{ changed: boolean; old: Mark }> {
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
    return { changed: true, old };
  });
}
