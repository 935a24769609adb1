// Due reminders, mailed once each. One transaction per reminder: the claim sets notified_at
// (FOR UPDATE SKIP LOCKED, so two processes never take the same one), the mail is sent, and
// the commit makes it final. A failed send rolls the claim back: the next run tries again.
import type { FastifyInstance } from "fastify";
import { describeRelative, reminderDateNotes, REMINDER_ITEM_NOUNS as ITEM_WORD, type TenderDateField } from "../../common/reminders.js";
import { itemLink, itemTitleSql, type ItemType } from "../modules/reminders/items.js";
import { escapeHtml } from "../modules/alerts/mail.js";
import { dateMoves, type StoredDateMoves } from "../modules/reminders/queries.js";
import type { MailMessage } from "../mail/mailer.js";

interface Claimed {
  id: number;
  item_type: ItemType;
  item_id: number;
  item_title: string | null;
  remind_at: Date;
  note: string;
  email: string;
  first_name: string;
  relative_to: TenderDateField | null;
  minutes_before: number | null;
  date_moves: StoredDateMoves;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function reminderMail(r: Claimed, publicUrl: string): MailMessage {
  const when = new Date(r.remind_at).toLocaleString("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" }) + " IST";
  const title = r.item_title ?? `a ${ITEM_WORD[r.item_type]} that is no longer listed`;
  const url = `${publicUrl}${itemLink(r.item_type, r.item_id)}`;
  // A reminder set before a tender date says so, and what moved since it was set (issue 19).
  const rule = r.relative_to && r.minutes_before !== null ? `This reminder is set ${lowerFirst(describeRelative(r.relative_to, r.minutes_before))} and moves with that date.` : null;
  const moves = reminderDateNotes({ relative_to: r.relative_to, remind_at: new Date(r.remind_at).toISOString(), date_moves: dateMoves(r.date_moves) });
  const timing = [rule, ...moves].filter((line): line is string => line !== null);
  const lines = [
    `Hello ${r.first_name || "there"},`,
    "",
    `Your reminder on the ${ITEM_WORD[r.item_type]} "${title}" is due (${when}).`,
    ...timing,
    ...(r.note ? ["", `Note: ${r.note}`] : []),
    "",
    `Open it: ${url}`,
    `All your reminders: ${publicUrl}/reminders`,
  ];
  const html =
    `<p>${escapeHtml(lines[0])}</p><p>Your reminder on the ${ITEM_WORD[r.item_type]} <a href="${escapeHtml(url)}">${escapeHtml(title)}</a> is due (${escapeHtml(when)}).</p>` +
    timing.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
    (r.note ? `<p><b>Note:</b> ${escapeHtml(r.note)}</p>` : "") +
    `<p><a href="${escapeHtml(publicUrl)}/reminders">All your reminders</a></p>`;
  return { to: r.email, subject: `Reminder: ${title}`.slice(0, 200), text: lines.join("\n"), html };
}

/** Mails the reminders due at `now`; returns how many were sent. `keepGoing` renews the lease. */
export async function sendDueReminders(app: FastifyInstance, now: Date, keepGoing: () => Promise<boolean>, max = 1000): Promise<{ sent: number; failed: number }> {
  const failed: number[] = [];
  let sent = 0;
  while (sent + failed.length < max) {
    if ((sent + failed.length) % 50 === 49 && !(await keepGoing())) break;
    let claimedId: number | null = null;
    try {
      const done = await app.db.transaction(async (tx) => {
        const { rows } = await tx.query<Claimed>(
          `UPDATE reminders r SET notified_at = $1
             FROM users u
            WHERE u.id = r.user_id
              AND r.id IN (SELECT x.id FROM reminders x JOIN users xu ON xu.id = x.user_id
                            WHERE x.remind_at <= $1 AND x.notified_at IS NULL AND x.completed_at IS NULL AND xu.is_active
                              AND x.id <> ALL($2::bigint[])
                            ORDER BY x.remind_at, x.id LIMIT 1
                            FOR UPDATE OF x SKIP LOCKED)
        RETURNING r.id, r.item_type, r.item_id, ${itemTitleSql("r")} AS item_title, r.remind_at, r.note, u.email, u.first_name,
                  r.relative_to, r.minutes_before, r.date_moves`,
          [now, failed],
        );
        const r = rows[0];
        if (!r) return false;
        claimedId = r.id;
        await app.mailer.send(reminderMail(r, app.config.publicUrl));
        return true;
      });
      if (!done) break;
      sent++;
    } catch (err) {
      if (claimedId === null) throw err; // the database failed, not one mail
      app.log.error({ err, reminder: claimedId }, "reminder mail failed; it will be retried");
      failed.push(claimedId);
    }
  }
  return { sent, failed: failed.length };
}
