// Shared work in a team (issue 20, point 3): assignments of a lead, tender or company to a
// teammate, teammates' marks on a lead, and the team's pipeline for the dashboard — as the API
// answers them and the web app shows them. The server's TypeBox schemas
// (server/modules/assignments/schemas.ts) describe the same.
//
//   POST   /api/assignments/        {item_type, item_id, assignee_id, note?, due_at?} → 201 Assignment (200: the same one already open)
//   GET    /api/assignments/?scope=mine|by_me|team&status=open|done&item_type=&item_id=&overdue=true&page=N → AssignmentList
//   PATCH  /api/assignments/{id}/   {status?, note?, due_at?, assignee_id?} → Assignment (assigner, assignee or a team admin)
//   DELETE /api/assignments/{id}/   → 204 (assigner or a team admin)
//   GET    /api/dashboard/team_pipeline/ → TeamPipeline (the team's owner and admins)
import type { Mark } from "./constants.js";

export const ASSIGNMENT_ITEM_TYPES = ["project", "tender", "company"] as const;
export type AssignmentItemType = (typeof ASSIGNMENT_ITEM_TYPES)[number];

export const ASSIGNMENT_STATUSES = ["open", "done"] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/** Whose assignments a list shows: given to me, given by me, or the whole team's. */
export const ASSIGNMENT_SCOPES = ["mine", "by_me", "team"] as const;
export type AssignmentScope = (typeof ASSIGNMENT_SCOPES)[number];

export const ASSIGNMENT_NOTE_MAX = 1000;
export const ASSIGNMENT_PAGE_SIZE = 20;
/** A due date may lie in the past by at most this much (a date picked "today" in IST, a slow form). */
export const DUE_AT_GRACE_HOURS = 24;

export const ASSIGNMENT_ITEM_LABELS: Record<AssignmentItemType, string> = { project: "Lead", tender: "Tender", company: "Company" };

/** A teammate as an assignment names them. */
export interface Teammate {
  user_id: number;
  name: string;
  email: string;
}

export interface Assignment {
  id: number;
  item_type: AssignmentItemType;
  item_id: number;
  /** The item's title (a company's name); "" when the item is gone. */
  item_title: string;
  assignee: Teammate;
  /** null: the assigner's account is gone. */
  assigned_by: Teammate | null;
  note: string;
  /** UTC ISO, or null for no due date. */
  due_at: string | null;
  status: AssignmentStatus;
  /** Open and due before now. */
  overdue: boolean;
  created_at: string;
  updated_at: string;
  done_at: string | null;
}

export interface AssignmentList {
  count: number;
  page: number;
  page_size: number;
  results: Assignment[];
}

/** A teammate's mark on a lead, as the lead's page shows it ("Arjun shortlisted it on …"). */
export interface TeamMark {
  user_id: number;
  name: string;
  mark: Exclude<Mark, "unmarked">;
  /** When they set it (UTC ISO). */
  marked_at: string;
}

/** One member's row of the team's pipeline: leads they marked, by mark, and their assignments. */
export interface PipelineRow {
  user_id: number;
  name: string;
  shortlisted: number;
  tentative: number;
  rejected: number;
  open: number;
  overdue: number;
  done: number;
}

export interface TeamPipeline {
  team_name: string;
  rows: PipelineRow[];
}

/** A teammate's display name: first and last, else the e-mail. */
export const personName = (p: { first_name?: string | null; last_name?: string | null; email: string }) =>
  [p.first_name, p.last_name].filter((s) => s && s.trim()).join(" ").trim() || p.email;

/**
 * An assignment in one sentence, as the notification, its e-mail and the digests say it:
 * 'Arjun Mehta assigned this to you: "Call the contractor". Due 5 Mar 2026, 5:00 pm IST.'
 */
export function describeAssignment(a: { assigned_by: string | null; note: string; due_at: string | null }, formatMoment: (iso: string) => string): string {
  const who = a.assigned_by ? `${a.assigned_by} assigned this to you` : "Assigned to you";
  const note = a.note.trim() ? `: "${a.note.trim()}".` : ".";
  return `${who}${note}${a.due_at ? ` Due ${formatMoment(a.due_at)}.` : ""}`;
}
