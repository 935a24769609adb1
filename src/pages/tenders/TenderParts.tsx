// Small pieces the tender and result pages share: the status tag, the corrigendum tag, the
// closing date with how long is left, and the numbers a tender is known by.
import { Tag } from "antd";
import dayjs from "dayjs";
import { formatDate } from "../../lib/format";

const STATUS_COLOURS: Record<string, string> = {
  Live: "green",
  AOC: "blue",
  Closed: "default",
  Cancelled: "red",
  Retender: "orange",
  "Technical Evaluation": "purple",
  "Financial Evaluation": "geekblue",
};

export function TenderStatusTag({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <Tag color={STATUS_COLOURS[status] ?? "default"} title={status === "AOC" ? "Award of contract" : undefined}>
      {status}
    </Tag>
  );
}

export function CorrigendumTag({ on }: { on: boolean | null | undefined }) {
  return on ? <Tag color="gold">Corrigendum</Tag> : null;
}

/** 'in 3 days', 'today', 'closed 2 days ago' for a closing instant (null when unknown). */
export function closingHint(closing: string | null | undefined, now: Date = new Date()): string | null {
  if (!closing) return null;
  const end = dayjs(closing);
  if (!end.isValid()) return null;
  const days = end.startOf("day").diff(dayjs(now).startOf("day"), "day");
  if (end.isBefore(now)) return days === 0 ? "closed today" : `closed ${-days} day${days === -1 ? "" : "s"} ago`;
  if (days === 0) return "closes today";
  return `in ${days} day${days === 1 ? "" : "s"}`;
}

export function ClosingDate({ closing, live = true }: { closing: string | null | undefined; live?: boolean }) {
  const hint = live ? closingHint(closing) : null;
  const soon = !!closing && dayjs(closing).isAfter(dayjs()) && dayjs(closing).diff(dayjs(), "day") < 7;
  return (
    <span className="closing-date">
      <span>{formatDate(closing)}</span>
      {hint && (
        <span className={`${soon ? "text-warning" : "text-secondary"} closing-hint`}>
          {hint}
        </span>
      )}
    </span>
  );
}

/**
 * The numbers people find a tender by, for subtitles and list rows: 'Tender ID 2024_PWD_35115_146
 * · Ref. CE/DEV/TB/707/2023-24/01' (either alone when the other is unknown); null with neither.
 */
export function tenderNumbers(t: { portal_tender_id: string | null; reference: string | null }): string | null {
  const parts = [t.portal_tender_id && `Tender ID ${t.portal_tender_id}`, t.reference && `Ref. ${t.reference}`].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

/** tenderNumbers as a secondary line of a list row (nothing when the tender has neither). */
export function TenderNumbers({ tender }: { tender: { portal_tender_id: string | null; reference: string | null } }) {
  const text = tenderNumbers(tender);
  return text ? (
    <span className="text-secondary tender-ref">
      {text}
    </span>
  ) : null;
}
