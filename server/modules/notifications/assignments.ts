// Telling an assignee (issue 20, point 3): an assignment made or given to a teammate becomes one
// notification of kind 'assignment' for them, written in the assignment's own transaction, mailed
// as their setting for the kind says (instant by default: the notifications job sends it within
// a minute, as it sends change mails; daily: it joins the daily digest). The assignments module
// calls tellAssignee and withdrawAssignmentNotice; the job calls sendAssignmentMail.
import { ASSIGNMENT_ITEM_LABELS, describeAssignment, type AssignmentItemType } from "../../../common/assignments.js";
import { formatIstMoment } from "../../../common/format.js";
import { DEFAULT_NOTIFICATION_SETTINGS } from "../../../common/notifications.js";
import type { Queryable } from "../../db/client.js";
import type { MailMessage, Mailer } from "../../mail/mailer.js";
import { escapeHtml } from "../alerts/mail.js";
import { itemLink, itemTitleSql } from "../reminders/items.js";
import { readableItemTypes } from "./followers.js";
import { settingsUrl } from "./mail.js";

/**
 * Tells the assignee of an assignment, its e-mail pending as their setting says. Told again (the
 * assignment given back to them, or reopened for them) it is unread and mailed again.
 */
export async function tellAssignee(tx: Queryable, assignmentId: number, assigneeId: number): Promise<void> {
  await tx.query(
    `INSERT INTO notifications (user_id, assignment_id, kind, reasons, email)
     SELECT $1, $2, 'assignment', '{}', CASE m.mode WHEN 'off' THEN 'none' ELSE m.mode END
       FROM (SELECT coalesce((SELECT mode FROM notification_settings WHERE user_id = $1 AND kind = 'assignment'), $3::text) AS mode) m
     ON CONFLICT (user_id, assignment_id) DO UPDATE SET read_at = NULL, created_at = now(), email = excluded.email, emailed_at = NULL`,
    [assigneeId, assignmentId, DEFAULT_NOTIFICATION_SETTINGS.assignment],
  );
}

/** The assignment is no longer theirs (given to someone else): its notification goes, mailed or not. */
export async function withdrawAssignmentNotice(tx: Queryable, assignmentId: number, userId: number): Promise<void> {
  await tx.query(`DELETE FROM notifications WHERE assignment_id = $1 AND user_id = $2`, [assignmentId, userId]);
}

interface AssignmentMailFacts {
  user_id: number;
  user_email: string;
  first_name: string;
  read_at: Date | null;
  item_type: AssignmentItemType;
  item_id: number;
  /** null: the item is gone. */
  item_title: string | null;
  assigned_by: string | null;
  note: string;
  due_at: Date | null;
  status: "open" | "done";
}

async function assignmentMailFacts(db: Queryable, notificationId: number): Promise<AssignmentMailFacts | undefined> {
  const { rows } = await db.query<AssignmentMailFacts>(
    `SELECT n.user_id, u.email AS user_email, u.first_name, n.read_at, a.item_type, a.item_id, ${itemTitleSql("a")} AS item_title,
            (SELECT nullif(trim(concat_ws(' ', b.first_name, b.last_name)), '') FROM users b WHERE b.id = a.assigned_by) AS assigned_by,
            a.note, a.due_at, a.status
       FROM notifications n JOIN assignments a ON a.id = n.assignment_id JOIN users u ON u.id = n.user_id
      WHERE n.id = $1`,
    [notificationId],
  );
  return rows[0] && { ...rows[0], user_id: Number(rows[0].user_id), item_id: Number(rows[0].item_id) };
}

/** The instant e-mail of an assignment: the item, who gave it, the note and the due date, and a link. */
export function assignmentMail(to: { email: string; firstName: string }, f: AssignmentMailFacts & { item_title: string }, publicUrl: string): MailMessage {
  const noun = ASSIGNMENT_ITEM_LABELS[f.item_type].toLowerCase();
  const url = `${publicUrl}${itemLink(f.item_type, f.item_id)}`;
  const sentence = describeAssignment({ assigned_by: f.assigned_by, note: f.note, due_at: f.due_at && f.due_at.toISOString() }, formatIstMoment);
  const mine = `${publicUrl}/assignments`;
  const hello = `Hello ${f.first_name || "there"},`;
  const text = [
    hello, "", `A ${noun} was assigned to you: "${f.item_title}".`, sentence, "",
    `Open it: ${url}`, `Everything assigned to you: ${mine}`, `Choose how you hear about assignments: ${settingsUrl(publicUrl)}`,
  ].join("\n");
  const html =
    `<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f1f1f">` +
    `<p>${escapeHtml(hello)}</p>` +
    `<p>A ${noun} was assigned to you: <a href="${escapeHtml(url)}">${escapeHtml(f.item_title)}</a></p>` +
    `<p>${escapeHtml(sentence)}</p>` +
    `<p><a href="${escapeHtml(mine)}">Everything assigned to you</a></p>` +
    `<p style="font-size: 12px; color: #777"><a href="${escapeHtml(settingsUrl(publicUrl))}">Choose how you hear about assignments</a></p></body></html>`;
  return { to: to.email, subject: `Assigned to you: ${f.item_title}`.slice(0, 200), text, html };
}

/**
 * Mails one claimed assignment notification (inside the job's transaction, which holds its row):
 * skipped when the item is gone, the assignment is done, the user read it in the app already, or
 * may not read the item now (lapsed, inactive).
 */
export async function sendAssignmentMail(
  tx: Queryable,
  notificationId: number,
  opts: { mailer: Mailer; publicUrl: string; staffDomains: readonly string[]; now: Date },
): Promise<"sent" | "skipped"> {
  const f = (await assignmentMailFacts(tx, notificationId))!;
  const mailable =
    f.item_title !== null && f.read_at === null && f.status === "open" && (await readableItemTypes(tx, f.user_id, opts.staffDomains, opts.now)).has(f.item_type);
  await tx.query(`UPDATE notifications SET email = $2, emailed_at = $3 WHERE id = $1`, [notificationId, mailable ? "sent" : "skipped", mailable ? opts.now : null]);
  if (!mailable) return "skipped";
  await opts.mailer.send(assignmentMail({ email: f.user_email, firstName: f.first_name }, { ...f, item_title: f.item_title! }, opts.publicUrl));
  return "sent";
}
