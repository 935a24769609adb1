// The things a reminder (or a digest) can point at: a lead, a tender, a tender's result or a
// company, with the title people know it by and the web app's page for it.
import type { ReminderItemType } from "../../../common/reminders.js";
import type { Queryable } from "../../db/client.js";

export type ItemType = ReminderItemType;

/** The web app's detail page of an item (a path; mails prefix PUBLIC_URL). */
export function itemLink(type: ItemType, id: number): string {
  if (type === "project") return `/private-leads/detail/${id}`;
  if (type === "tender") return `/tender/detail/${id}`;
  if (type === "result") return `/result/detail/${id}`;
  return `/builder/detail/${id}`;
}

/**
 * SQL for an item's title: a correlated sub-select over `<alias>.item_type` / `<alias>.item_id`
 * (alias is a fixed name from our code, never user text). NULL when the item is gone. A result
 * is known by its tender's title, as its detail page shows it.
 */
export function itemTitleSql(alias: string): string {
  return `CASE ${alias}.item_type
      WHEN 'project' THEN (SELECT p.title FROM projects p WHERE p.id = ${alias}.item_id)
      WHEN 'tender'  THEN (SELECT t.title FROM tenders t WHERE t.id = ${alias}.item_id)
      WHEN 'result'  THEN (SELECT t.title FROM results rs JOIN tenders t ON t.id = rs.tender_id WHERE rs.id = ${alias}.item_id)
      WHEN 'company' THEN (SELECT c.name FROM companies c WHERE c.id = ${alias}.item_id)
    END`;
}

/** The item's title, or undefined when there is no such item. */
export async function findItemTitle(db: Queryable, type: ItemType, id: number): Promise<string | undefined> {
  const { rows } = await db.query<{ title: string | null }>(`SELECT ${itemTitleSql("x")} AS title FROM (SELECT $1::text AS item_type, $2::bigint AS item_id) x`, [type, id]);
  return rows[0]?.title ?? undefined;
}
