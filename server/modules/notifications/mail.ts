// The change e-mails (issue 19, point 2). Instant: one per change set — every change one import
// (or one staff save) made to one item is one message — naming the item in its subject, each
// change as the app says it (describeChange: "Bid closing moved from … to …"), why the user
// follows the item and a link to it. Daily: the day's changed items in one mail, as the alert
// digests' "Changed since you last looked" section says them.
import { describeChange, describeSource } from "../../../common/changes.js";
import { formatIstMoment } from "../../../common/format.js";
import type { FollowReason } from "../../../common/notifications.js";
import type { MailMessage } from "../../mail/mailer.js";
import { changedSection, escapeHtml, type ChangedItem } from "../alerts/mail.js";
import { itemLink } from "../reminders/items.js";
import type { NotificationMailFacts } from "./changed-items.js";

const ITEM_NOUN = { tender: "tender", project: "lead" } as const;

const WHY: Record<FollowReason, string> = {
  reminder: "you set a reminder on it",
  shortlisted: "you shortlisted it",
  shared: "you shared it",
  alert: "one of your quick searches with an e-mail alert finds it",
  viewed: "you viewed it in the last 30 days",
};

/** Where the user chooses instant, daily or off per kind (the web app's notifications page). */
export const settingsUrl = (publicUrl: string) => `${publicUrl}/notifications#settings`;

const hello = (firstName: string) => `Hello ${firstName || "there"},`;

export function changeSubject(n: Pick<NotificationMailFacts, "item_type" | "item_title">): string {
  const noun = ITEM_NOUN[n.item_type];
  return `${noun[0].toUpperCase()}${noun.slice(1)} changed: ${n.item_title ?? ""}`.slice(0, 200);
}

/** The instant e-mail of one notification. */
export function changeMail(to: { email: string; firstName: string }, n: NotificationMailFacts & { item_title: string }, publicUrl: string): MailMessage {
  const noun = ITEM_NOUN[n.item_type];
  const url = `${publicUrl}${itemLink(n.item_type, n.item_id)}`;
  const lines = n.changes.map((c) => describeChange(n.item_type, c));
  const found = `${describeSource({ kind: n.source_kind })}, ${formatIstMoment(n.detected_at)}.`;
  const why = `You follow it because ${n.reasons.map((r) => WHY[r]).join(", and ")}.`;
  const text = [
    hello(to.firstName),
    "",
    `The ${noun} "${n.item_title}" changed:`,
    "",
    ...lines.map((l) => `- ${l}`),
    "",
    found,
    why,
    "",
    `Open it: ${url}`,
    `Choose how you hear about changes: ${settingsUrl(publicUrl)}`,
  ].join("\n");
  const html =
    `<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f1f1f">` +
    `<p>${escapeHtml(hello(to.firstName))}</p>` +
    `<p>The ${noun} <a href="${escapeHtml(url)}">${escapeHtml(n.item_title)}</a> changed:</p>` +
    `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>` +
    `<p style="color: #555">${escapeHtml(found)}<br>${escapeHtml(why)}</p>` +
    `<p style="font-size: 12px; color: #777"><a href="${escapeHtml(settingsUrl(publicUrl))}">Choose how you hear about changes</a></p></body></html>`;
  return { to: to.email, subject: changeSubject(n), text, html };
}

/** The daily digest of changes: every followed item that changed since yesterday's, in one mail. */
export function changeDigestMail(to: { email: string; firstName: string }, items: ChangedItem[], publicUrl: string): MailMessage {
  const section = changedSection(items, publicUrl);
  const intro = `Here is what changed on the tenders and leads you follow.`;
  const text = [hello(to.firstName), "", intro, ...section.text, "", `Choose how you hear about changes: ${settingsUrl(publicUrl)}`].join("\n");
  const html =
    `<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f1f1f">` +
    `<p>${escapeHtml(hello(to.firstName))}</p><p>${escapeHtml(intro)}</p>${section.html}` +
    `<p style="font-size: 12px; color: #777"><a href="${escapeHtml(settingsUrl(publicUrl))}">Choose how you hear about changes</a></p></body></html>`;
  const noun = items.length === 1 ? "item" : "items";
  return { to: to.email, subject: `InfraScout daily changes: ${items.length} ${noun} you follow changed`, text, html };
}
