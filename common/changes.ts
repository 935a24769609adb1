// Changes to a tender or a lead (issue 19), as the API answers them and as people read them:
// "Bid closing moved from 15 Dec 2026, 3:00 pm IST to 22 Dec 2026, 3:00 pm IST". The database
// finds them (server/db/migrations/027_item_changes.sql); the web app's "Changes" timeline, the
// in-app notifications and the e-mails all say them with describeChange, so they say the same.
import { formatDay, formatIndianNumber, formatIstMoment, NOT_SPECIFIED } from "./format.js";

export type ChangeItemType = "tender" | "project";

/** The fields a change can be of, per item type (the triggers' own lists). */
export const CHANGE_FIELDS = {
  tender: ["title", "tender_status", "closing_date", "opening_date", "prebid_date", "value", "emd", "tender_fee", "document", "corrigendum"],
  project: ["title", "status", "stage", "value", "start_date", "completion_date", "document", "contact"],
} as const satisfies Record<ChangeItemType, readonly string[]>;

export interface ItemChange {
  field: string;
  /** The value before (null: it had none, or the change adds something). */
  old: string | number | null;
  /** The value after (null: it was cleared, or the change takes something away). */
  new: string | number | null;
}

export interface ChangeSource {
  kind: "import" | "staff";
  /** Staff only (subscribers see the kind): the import run and its file, or the staff member. */
  import_run_id?: number | null;
  file?: string | null;
  staff_name?: string | null;
}

/** One import's (or one staff save's) changes to one item. */
export interface ChangeSet {
  id: number;
  item_type: ChangeItemType;
  item_id: number;
  detected_at: string;
  source: ChangeSource;
  changes: ItemChange[];
}

type Kind = "moment" | "day" | "money" | "text" | "added";

const FIELDS: ReadonlyMap<string, { label: string; kind: Kind }> = new Map([
  ["title", { label: "Title", kind: "text" }],
  ["tender_status", { label: "Status", kind: "text" }],
  ["status", { label: "Status", kind: "text" }],
  ["stage", { label: "Stage", kind: "text" }],
  ["closing_date", { label: "Bid closing", kind: "moment" }],
  ["opening_date", { label: "Bid opening", kind: "moment" }],
  ["prebid_date", { label: "Pre-bid meeting", kind: "moment" }],
  ["start_date", { label: "Start date", kind: "day" }],
  ["completion_date", { label: "Completion date", kind: "day" }],
  ["value", { label: "Value", kind: "money" }],
  ["emd", { label: "EMD", kind: "money" }],
  ["tender_fee", { label: "Tender fee", kind: "money" }],
  ["document", { label: "Document", kind: "added" }],
  ["corrigendum", { label: "Corrigendum", kind: "added" }],
  ["contact", { label: "Contact", kind: "added" }],
]);

/** What a field is called in a change ("Bid closing"); the value of a tender or a lead per its type. */
export function changeLabel(itemType: ChangeItemType, field: string): string {
  if (field === "value") return itemType === "tender" ? "Tender value" : "Project value";
  return FIELDS.get(field)?.label ?? field;
}

/** A change's value as people read it: IST moments, Indian-grouped rupees, days, text. */
export function formatChangeValue(field: string, value: string | number | null): string {
  if (value === null || value === "") return NOT_SPECIFIED;
  switch (FIELDS.get(field)?.kind) {
    case "moment":
      return formatIstMoment(String(value));
    case "day":
      return formatDay(String(value));
    case "money":
      return `₹${formatIndianNumber(value, 2)}`;
    default:
      return String(value);
  }
}

/** One change as a sentence: "Bid closing moved from … to …", "New corrigendum: …", "Status changed from Live to Closed". */
export function describeChange(itemType: ChangeItemType, c: ItemChange): string {
  const label = changeLabel(itemType, c.field);
  const kind = FIELDS.get(c.field)?.kind ?? "text";
  if (kind === "added") return c.new !== null ? `New ${label.toLowerCase()}: ${c.new}` : `${label} removed: ${c.old ?? ""}`;
  const from = formatChangeValue(c.field, c.old);
  const to = formatChangeValue(c.field, c.new);
  if (c.old === null) return `${label} set to ${to}`;
  if (c.new === null) return `${label} removed (was ${from})`;
  const verb = kind === "moment" || kind === "day" ? "moved" : "changed";
  return `${label} ${verb} from ${from} to ${to}`;
}

/** Who made a set of changes, as subscribers see it (staff see the file, run or person too). */
export function describeSource(source: ChangeSource): string {
  if (source.kind === "staff") return source.staff_name ? `Edited by ${source.staff_name}` : "Updated by the InfraScout research team";
  const parts = [source.import_run_id ? `Import run ${source.import_run_id}` : null, source.file ?? null].filter(Boolean);
  return parts.length ? parts.join(" · ") : "Found on the source portal by InfraScout's import";
}
