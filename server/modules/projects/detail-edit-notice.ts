// What staff add to a lead reaches its subscribers through the lead's status updates: the
// status-update panel of the lead (and the dashboard's updates of shortlisted leads) reads
// project_status_updates. An addition that does not change the status is published as an update
// with the current status, no old status, and a note saying what was added.
import type { Queryable } from "../../db/client.js";

/** The status shown with an addition when the lead has none yet. */
export const NO_STATUS = "Not Specified";

export async function publishAddition(tx: Queryable, projectId: number, userId: number, note: string): Promise<void> {
  await tx.query(
    `INSERT INTO project_status_updates (project_id, old_status, new_status, note, created_by)
     SELECT id, NULL, coalesce(status, $3), $4, $2 FROM projects WHERE id = $1`,
    [projectId, userId, NO_STATUS, note],
  );
}

/** One line of the project's history: {field: [old, new]} with who and when. */
export async function recordHistory(tx: Queryable, projectId: number, userId: number, changes: Record<string, [unknown, unknown]>): Promise<void> {
  await tx.query(`INSERT INTO project_history (project_id, changed_by, changes) VALUES ($1, $2, $3)`, [projectId, userId, JSON.stringify(changes)]);
  await tx.query(`UPDATE projects SET updated_at = now() WHERE id = $1`, [projectId]);
}
