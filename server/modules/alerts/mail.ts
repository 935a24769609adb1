// The digest e-mail: one per user and frequency, a section per alert with its new items (title,
// one-line summary, why it matched, link) and the alert's own unsubscribe link, then "Changed
// since you last looked": the followed items that changed, each change as a sentence (issue 19,
// point 4; the daily digest of change notifications is that section alone).
import type { MailMessage } from "../../mail/mailer.js";
import type { DigestItem } from "./new-items.js";
import type { Frequency } from "./queries.js";

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

export interface DigestSection {
  name: string;
  items: DigestItem[];
  /** Absolute URL that turns this alert off. */
  unsubscribeUrl: string;
}

/** A followed item that changed, with its changes as sentences (describeChange), oldest first. */
export interface ChangedItem {
  title: string;
  /** The item's page in the web app (a path). */
  link: string;
  lines: string[];
}

export const CHANGED_SECTION_TITLE = "Changed since you last looked";

export function digestSubject(frequency: Frequency, total: number, changed = 0): string {
  const noun = (n: number) => (n === 1 ? "item" : "items");
  if (total === 0 && changed > 0) return `InfraScout ${frequency} alert: changes to ${changed} ${noun(changed)} you follow`;
  return `InfraScout ${frequency} alert: ${total} new ${noun(total)}${changed ? `, ${changed} changed` : ""}`;
}

/** The "Changed since you last looked" section: text lines and HTML (empty when nothing changed). */
export function changedSection(items: readonly ChangedItem[], publicUrl: string): { text: string[]; html: string } {
  if (!items.length) return { text: [], html: "" };
  const url = (link: string) => `${publicUrl}${link}`;
  const text = ["", `== ${CHANGED_SECTION_TITLE} (${items.length}) ==`, ...items.flatMap((i) => [`- ${i.title}`, ...i.lines.map((l) => `  ${l}`), `  ${url(i.link)}`])];
  const html =
    `<h2 style="font-size: 16px; margin: 24px 0 8px">${escapeHtml(CHANGED_SECTION_TITLE)} <span style="color: #777">(${items.length})</span></h2><ul>` +
    items
      .map((i) => `<li style="margin-bottom: 10px"><a href="${escapeHtml(url(i.link))}">${escapeHtml(i.title)}</a>` + i.lines.map((l) => `<br><span style="color: #555">${escapeHtml(l)}</span>`).join("") + `</li>`)
      .join("") +
    `</ul>`;
  return { text, html };
}

export function digestMail(opts: { to: string; firstName: string; frequency: Frequency; sections: DigestSection[]; changed?: ChangedItem[]; publicUrl: string }): MailMessage {
  const { publicUrl, sections } = opts;
  const changed = changedSection(opts.changed ?? [], publicUrl);
  const total = sections.reduce((n, s) => n + s.items.length, 0);
  const hello = `Hello ${opts.firstName || "there"},`;
  const intro = `Here is what is new for your ${opts.frequency} e-mail alerts.`;
  const url = (link: string) => `${publicUrl}${link}`;

  const text = [
    hello,
    "",
    intro,
    ...sections.flatMap((s) => [
      "",
      `== ${s.name} (${s.items.length} new) ==`,
      ...s.items.flatMap((i) => [`- ${i.title}`, ...(i.summary ? [`  ${i.summary}`] : []), `  Why: ${i.matched.join("; ")}`, `  ${url(i.link)}`]),
      `Unsubscribe from "${s.name}": ${s.unsubscribeUrl}`,
    ]),
    ...changed.text,
    "",
    `Manage your alerts: ${publicUrl}/email-alerts`,
  ].join("\n");

  const html =
    `<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1f1f1f">` +
    `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p>` +
    sections
      .map(
        (s) =>
          `<h2 style="font-size: 16px; margin: 24px 0 8px">${escapeHtml(s.name)} <span style="color: #777">(${s.items.length} new)</span></h2><ul>` +
          s.items
            .map(
              (i) =>
                `<li style="margin-bottom: 10px"><a href="${escapeHtml(url(i.link))}">${escapeHtml(i.title)}</a>` +
                (i.summary ? `<br><span style="color: #555">${escapeHtml(i.summary)}</span>` : "") +
                `<br><small>Why: ${escapeHtml(i.matched.join("; "))}</small></li>`,
            )
            .join("") +
          `</ul><p style="font-size: 12px"><a href="${escapeHtml(s.unsubscribeUrl)}">Unsubscribe from “${escapeHtml(s.name)}”</a></p>`,
      )
      .join("") +
    changed.html +
    `<p style="font-size: 12px; color: #777"><a href="${escapeHtml(publicUrl)}/email-alerts">Manage your alerts</a></p></body></html>`;

  return { to: opts.to, subject: digestSubject(opts.frequency, total, opts.changed?.length ?? 0), text, html };
}
