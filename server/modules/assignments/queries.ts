// The SQL of assignments (migration 032). Every read and write is by the caller's team: another
// team's assignment id is simply not found. Routes: routes.ts.
import type { Assignment, AssignmentItemType, AssignmentScope, AssignmentStatus } from "../../../common/assignments.js";
import { ASSIGNMENT_PAGE_SIZE, personName } from "../../../common/assignments.js";
import type { Queryable } from "../../db/client.js";
import { itemTitleSql } from "../reminders/items.js";

interface Row {
  id: number;
  item_type: AssignmentItemType;
  item_id: number;
  item_title: string | null;
  assignee_id: number;
  assignee_first: string;
  assignee_last: string;
  assignee_email: string;
  assigned_by: number | null;
  by_first: string | null;
  by_last: string | null;
  by_email: string | null;
  note: string;
  due_at: Date | null;
  status: AssignmentStatus;
  overdue: boolean;
  created_at: Date;
  updated_at: Date;
  done_at: Date | null;
}

const SELECT = `SELECT a.id, a.item_type, a.item_id, ${itemTitleSql("a")} AS item_title,
       a.assignee_id, ue.first_name AS assignee_first, ue.last_name AS assignee_last, ue.email AS assignee_email,
       a.assigned_by, ub.first_name AS by_first, ub.last_name AS by_last, ub.email AS by_email,
       a.note, a.due_at, a.status, (a.status = 'open' AND a.due_at < now()) AS overdue, a.created_at, a.updated_at, a.done_at
  FROM assignments a JOIN users ue ON ue.id = a.assignee_id LEFT JOIN users ub ON ub.id = a.assigned_by`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toAssignment(r: Row): Assignment {
  return {
    id: Number(r.id),
    item_type: r.item_type,
    item_id: Number(r.item_id),
    item_title: r.item_title ?? "",
    assignee: { user_id: Number(r.assignee_id), name: personName({ first_name: r.assignee_first, last_name: r.assignee_last, email: r.assignee_email }), email: r.assignee_email },
    assigned_by:
      r.assigned_by === null ? null : { user_id: Number(r.assigned_by), name: personName({ first_name: r.by_first, last_name: r.by_last, email: r.by_email ?? "" }), email: r.by_email ?? "" },
    note: r.note,
    due_at: iso(r.due_at),
    status: r.status,
    overdue: r.overdue,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    done_at: iso(r.done_at),
  };
}

/** Whether the item exists (a lead, a tender, a company). */
export async function itemExists(db: Queryable, type: AssignmentItemType, id: number): Promise<boolean> {
  const table = { project: "projects", tender: "tenders", company: "companies" }[type];
  const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  return rows.length > 0;
}

/** One assignment of this team (FOR UPDATE inside a transaction that changes it). */
export async function findAssignment(db: Queryable, teamId: number, id: number, lock = false): Promise<Assignment | undefined> {
  if (lock) await db.query(`SELECT id FROM assignments WHERE id = $1 AND team_id = $2 FOR UPDATE`, [id, teamId]);
  const { rows } = await db.query<Row>(`${SELECT} WHERE a.id = $1 AND a.team_id = $2`, [id, teamId]);
  return rows[0] && toAssignment(rows[0]);
}

export interface NewAssignment {
  teamId: number;
  itemType: AssignmentItemType;
  itemId: number;
  assignedBy: number;
  assigneeId: number;
  note: string;
  dueAt: Date | null;
}

/**
 * Records an assignment unless the same item is already open with the same assignee in the team
 * (then nothing is written): answers the new id, or undefined and the open one's id.
 */
export async function insertAssignment(tx: Queryable, a: NewAssignment): Promise<{ created: boolean; id: number }> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO assignments (team_id, item_type, item_id, assigned_by, assignee_id, note, due_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (team_id, item_type, item_id, assignee_id) WHERE status = 'open' DO NOTHING RETURNING id`,
    [a.teamId, a.itemType, a.itemId, a.assignedBy, a.assigneeId, a.note, a.dueAt],
  );
  if (rows[0]) return { created: true, id: Number(rows[0].id) };
  const open = await tx.query<{ id: number }>(
    `SELECT id FROM assignments WHERE team_id = $1 AND item_type = $2 AND item_id = $3 AND assignee_id = $4 AND status = 'open'`,
    [a.teamId, a.itemType, a.itemId, a.assigneeId],
  );
  return { created: false, id: Number(open.rows[0].id) };
}

export interface AssignmentChanges {
  status?: AssignmentStatus;
  note?: string;
  /** null: no due date. */
  dueAt?: Date | null;
  assigneeId?: number;
}

export async function updateAssignment(tx: Queryable, id: number, c: AssignmentChanges): Promise<void> {
  await tx.query(
    `UPDATE assignments SET
        status = COALESCE($2, status),
        done_at = CASE WHEN $2 = 'done' AND status = 'open' THEN now() WHEN $2 = 'open' THEN NULL ELSE done_at END,
        note = COALESCE($3, note),
        due_at = CASE WHEN $4::boolean THEN $5::timestamptz ELSE due_at END,
        assignee_id = COALESCE($6, assignee_id),
        updated_at = now()
      WHERE id = $1`,
    [id, c.status ?? null, c.note ?? null, c.dueAt !== undefined, c.dueAt ?? null, c.assigneeId ?? null],
  );
}

/** Whether another open assignment of the same item to this assignee exists in the team. */
export async function openDuplicate(db: Queryable, a: Pick<Assignment, "id" | "item_type" | "item_id">, teamId: number, assigneeId: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM assignments WHERE team_id = $1 AND item_type = $2 AND item_id = $3 AND assignee_id = $4 AND status = 'open' AND id <> $5`,
    [teamId, a.item_type, a.item_id, assigneeId, a.id],
  );
  return rows.length > 0;
}

export async function deleteAssignment(tx: Queryable, id: number): Promise<void> {
  await tx.query(`DELETE FROM assignments WHERE id = $1`, [id]);
}

export interface ListFilter {
  teamId: number;
  userId: number;
  scope: AssignmentScope;
  status?: AssignmentStatus;
  itemType?: AssignmentItemType;
  itemId?: number;
  overdue?: boolean;
  page: number;
}

/**
 * A page of the team's assignments in a scope. Open ones first, soonest due first (no due date
 * last), then the newest; done ones newest done first.
 */
export async function listAssignments(db: Queryable, f: ListFilter): Promise<{ count: number; results: Assignment[] }> {
  const where = `a.team_id = $1
    AND CASE $3::text WHEN 'mine' THEN a.assignee_id = $2 WHEN 'by_me' THEN a.assigned_by = $2 ELSE true END
    AND ($4::text IS NULL OR a.status = $4)
    AND ($5::text IS NULL OR a.item_type = $5)
    AND ($6::bigint IS NULL OR a.item_id = $6)
    AND ($7::boolean IS NULL OR (a.status = 'open' AND a.due_at < now()) = $7)`;
  const params = [f.teamId, f.userId, f.scope, f.status ?? null, f.itemType ?? null, f.itemId ?? null, f.overdue ?? null];
  const [page, total] = await Promise.all([
    db.query<Row>(
      `${SELECT} WHERE ${where}
        ORDER BY (a.status = 'open') DESC, CASE WHEN a.status = 'open' THEN a.due_at END ASC NULLS LAST, COALESCE(a.done_at, a.created_at) DESC, a.id DESC
        LIMIT $8 OFFSET $9`,
      [...params, ASSIGNMENT_PAGE_SIZE, (f.page - 1) * ASSIGNMENT_PAGE_SIZE],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM assignments a WHERE ${where}`, params),
  ]);
  return { count: total.rows[0].n, results: page.rows.map(toAssignment) };
}

/** Each member's assignments: open, overdue (of the open) and done (the dashboard's team pipeline). */
export async function assignmentCounts(db: Queryable, teamId: number): Promise<Map<number, { open: number; overdue: number; done: number }>> {
  const { rows } = await db.query<{ assignee_id: number; open: number; overdue: number; done: number }>(
    `SELECT assignee_id,
            count(*) FILTER (WHERE status = 'open')::int AS open,
            count(*) FILTER (WHERE status = 'open' AND due_at < now())::int AS overdue,
            count(*) FILTER (WHERE status = 'done')::int AS done
       FROM assignments WHERE team_id = $1 GROUP BY assignee_id`,
    [teamId],
  );
  return new Map(rows.map((r) => [Number(r.assignee_id), { open: r.open, overdue: r.overdue, done: r.done }]));
}
