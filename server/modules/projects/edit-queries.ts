// What staff write on a lead, statement by statement; the routes run them in one transaction
// with the audit record (detail-edit*.ts, detail-staff-routes.ts). Each lock takes the lead's row
// FOR UPDATE, so two edits of one lead queue rather than interleave.
//
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

/** One line of the project's history ({field: [old, new]} with who and when), and the lead's updated_at. */
export async function recordHistory(tx: Queryable, projectId: number, userId: number, changes: Record<string, [unknown, unknown]>): Promise<void> {
  await addProjectHistory(tx, projectId, userId, changes);
  await tx.query(`UPDATE projects SET updated_at = now() WHERE id = $1`, [projectId]);
}

/** One line of the project's history alone: for writes that set updated_at themselves. */
export async function addProjectHistory(tx: Queryable, projectId: number, userId: number, changes: Record<string, unknown>): Promise<void> {
  await tx.query(`INSERT INTO project_history (project_id, changed_by, changes) VALUES ($1, $2, $3)`, [projectId, userId, JSON.stringify(changes)]);
}

/** Locks the lead; false when there is none. */
export async function lockProject(tx: Queryable, id: number): Promise<boolean> {
  return (await tx.query(`SELECT 1 FROM projects WHERE id = $1 FOR UPDATE`, [id])).rows.length > 0;
}

/** Locks the lead and answers the given columns (fixed names from ProjectPatch, never request text), or undefined. */
export async function lockProjectColumns(tx: Queryable, id: number, columns: readonly string[]): Promise<Record<string, unknown> | undefined> {
  const { rows } = await tx.query<Record<string, unknown>>(`SELECT ${columns.join(", ")} FROM projects WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

/** Sets the changed columns (fixed names, as above), marks the lead reviewed. */
export async function updateProjectColumns(tx: Queryable, id: number, changes: Record<string, [unknown, unknown]>): Promise<void> {
  const fields = Object.keys(changes);
  const sets = fields.map((f, i) => `${f} = $${i + 2}`).join(", ");
  await tx.query(`UPDATE projects SET ${sets}, updated_at = now(), reviewed_date = coalesce(reviewed_date, now()) WHERE id = $1`, [
    id,
    ...fields.map((f) => changes[f][1]),
  ]);
}

export interface StatusUpdateInsert { projectId: number; oldStatus: unknown; newStatus: unknown; note: string | null; userId: number }

export async function insertStatusUpdate(tx: Queryable, u: StatusUpdateInsert): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO project_status_updates (project_id, old_status, new_status, note, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [u.projectId, u.oldStatus, u.newStatus, u.note, u.userId],
  );
  return rows[0].id;
}

export async function setProjectStatus(tx: Queryable, id: number, status: string): Promise<void> {
  await tx.query(`UPDATE projects SET status = $2, updated_at = now() WHERE id = $1`, [id, status]);
}

/** Adds a staff keyword unless the lead has it already in any case; answers the new row, or undefined. */
export async function insertStaffKeyword(tx: Queryable, projectId: number, keyword: string, userId: number) {
  const { rows } = await tx.query<{ id: number; created_at: Date }>(
    `INSERT INTO keywords (project_id, keyword, created_by) SELECT $1, $2, $3
      WHERE NOT EXISTS (SELECT 1 FROM keywords WHERE project_id = $1 AND lower(keyword) = lower($2))
     ON CONFLICT (project_id, keyword) DO NOTHING RETURNING id, created_at`,
    [projectId, keyword, userId],
  );
  return rows[0];
}

/** Adds the keyword to the lead's own list, which feeds its search text. */
export async function appendProjectKeyword(tx: Queryable, id: number, keyword: string): Promise<void> {
  await tx.query(`UPDATE projects SET keywords = array_append(keywords, $2), updated_at = now() WHERE id = $1`, [id, keyword]);
}

/** Whether a contact with this (E.164) number is on the lead already. */
export async function phoneOnProject(tx: Queryable, projectId: number, phone: string): Promise<boolean> {
  const { rows } = await tx.query(`SELECT 1 FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id WHERE pc.project_id = $1 AND c.phone = $2`, [projectId, phone]);
  return rows.length > 0;
}

export interface NewContactFields {
  name: string; designation: string | null; seniority: string | null; source: string; phone: string | null; email: string | null; company_id: number | null;
}

/** A new contact on the lead, in the given role; answers its id. */
export async function addProjectContact(tx: Queryable, projectId: number, f: NewContactFields, role: string | null): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO contacts (name, designation, seniority, source, phone, email, company_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [f.name, f.designation, f.seniority, f.source, f.phone, f.email, f.company_id],
  );
  await tx.query(`INSERT INTO project_contacts (project_id, contact_id, role) VALUES ($1, $2, $3)`, [projectId, rows[0].id, role]);
  return rows[0].id;
}
