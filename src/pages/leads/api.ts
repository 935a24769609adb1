// The lead ("work") API paths the lead pages read through the data provider, and their shapes.
// Field names follow server/search/indexes/projects.ts and server/modules/projects.
import type { Mark } from "../../../common/constants";
import { parseProjectType } from "../../../common/project-type";

/** One row of list/search/. */
export interface LeadRow {
  id: number;
  title: string;
  category: string;
  is_ai: boolean;
  project_type: string[] | string | null;
  sector: string | null;
  status: string | null;
  stage: string | null;
  value: number | string | null;
  state: string | null;
  district: string | null;
  city: string | null;
  owner_name: string | null;
  retrieved_on: string | null;
  arrived_date: string | null;
  start_date: string | null;
  completion_date: string | null;
  mark: Mark | string;
}

import type { MarkHistoryEntry } from "../../../common/projects";
export type { CompanyRef, LeadDetail, MarkHistoryEntry } from "../../../common/projects";

export interface LeadImage {
  id: number;
  file_name: string;
  mime_type?: string;
  size?: number;
  /** '/api/work/{id}/images/{imageId}': needs the token, so it is fetched as a blob. */
  url: string;
  uploaded_by?: string | null;
  created_at?: string;
}

export interface DocumentContact {
  document_id: number;
  document_title: string;
  name: string | null;
  designation: string | null;
  company: string | null;
  role: string | null;
  phone: string | null;
  email: string | null;
}
export interface DocumentSpec {
  document_id: number;
  document_title: string;
  item: string;
  spec: string;
}
export interface StatusUpdate {
  id: number;
  old_status: string | null;
  new_status: string;
  note: string | null;
  created_by: string | null;
  created_at: string;
}
export interface HistoryEntry {
  id: number;
  changes: Record<string, unknown>;
  changed_by: string | null;
  created_at: string;
  contact_id?: number;
  contact_name?: string;
}
export interface SimilarLead {
  id: number;
  title: string;
  category: string;
  is_ai?: boolean;
  project_type: unknown;
  sector: string | null;
  status: string | null;
  state: string | null;
  city: string | null;
  value: number | string | null;
  arrived_date?: string | null;
  score?: number;
}

/** Parts answer a bare list or {results: [...]}: either way, the list. */
export function listOf<T>(data: unknown, ...keys: string[]): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === "object") {
    for (const key of ["results", ...keys]) {
      const v = (data as Record<string, unknown>)[key];
      if (Array.isArray(v)) return v as T[];
    }
  }
  return [];
}

export interface LeadContact {
  id: number;
  name: string;
  designation?: string | null;
  seniority?: string | null;
  company?: { id: number; name: string } | null;
  role?: string | null;
  is_wrong?: boolean;
  email?: string | null;
  phone?: string | null;
  source?: string | null;
  source_label?: string | null;
  contact_fuzz_score?: number | null;
  is_high_quality?: boolean;
  is_unlocked?: boolean;
  verified_at?: string | null;
}

export interface UnlockResponse {
  contact: LeadContact;
  remaining_credits: number;
  total_credits: number;
}

export interface RagCitation {
  n?: number;
  id?: number | string;
  source?: string;
  title?: string;
  text?: string;
  passage?: string;
  [key: string]: unknown;
}
export interface RagAnswer {
  answer: string;
  citations: RagCitation[];
  mode: string;
}

/** A contact that has the checked number, as this user may see it, with the name match. */
export interface NumberMatch extends LeadContact {
  project_ids?: number[];
  /** Token-set ratio 0–100 of the entered name against this contact's name. */
  name_score?: number | null;
}
export interface CheckNumberResult {
  input?: string;
  valid: boolean;
  e164?: string | null;
  national?: string | null;
  international?: string | null;
  type?: string | null;
  region?: string | null;
  name?: string | null;
  reprocessed?: number;
  matches?: NumberMatch[];
}

export const leadPartKey = (id: string | number, part: string) => ["lead", String(id), part] as const;

const work = (id: string | number, part = "") => `work/${encodeURIComponent(String(id))}/${part}`;

/** What marking a lead answers: the mark, whether it changed, and the mark's history. */
export interface MarkAnswer {
  mark: Mark;
  changed?: boolean;
  history?: MarkHistoryEntry[];
}

export const leadPaths = {
  mark: (id: string | number) => work(id, "mark/"),
  /** GET checks a number (name, reprocess=True); POST …report/ reports it as wrong. */
  checkNumber: (phone: string) => `check_number/${encodeURIComponent(phone)}/`,
  reportNumber: (phone: string) => `check_number/${encodeURIComponent(phone)}/report/`,
};

/** project_type may arrive as a list or as a brace-delimited string '{Hospital,Residential}'. */
export const projectTypes = (value: unknown): string[] => parseProjectType(value);

/** The detail route that fits a lead: by category, AI leads under /private-leads. */
export function leadDetailPath(lead: Pick<LeadRow, "id" | "category" | "is_ai">, newStyle = false): string {
  if (newStyle) return `/project-detail-new/${lead.id}`;
  if (lead.is_ai) return `/private-leads/detail/${lead.id}`;
  if (lead.category === "industrial") return `/private-industrial-leads/detail/${lead.id}`;
  if (lead.category === "construction") return `/private-construction-leads/detail/${lead.id}`;
  return `/private-leads/detail/${lead.id}`;
}
