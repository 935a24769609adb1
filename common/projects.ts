// One lead ("work", a private-sector project) as the API answers it: GET work/{id}/ (the lead
// detail pages and the staff edit page). The server's TypeBox schema (server/modules/projects/
// detail-schemas.ts ProjectDetail) describes the same record, and the type check fails when the
// two differ. Money in rupees; instants ISO strings (UTC).
import type { TeamMark } from "./assignments.js";

export interface CompanyRef {
  id: number;
  name: string;
}

/** One change of this user's mark on the lead, newest first. */
export interface MarkHistoryEntry {
  old_mark: string | null;
  new_mark: string;
  created_at: string;
}

/** The project's own fields (toProjectDetail on the server). */
export interface ProjectDetail {
  id: number;
  title: string;
  description: string;
  category: string;
  is_ai: boolean;
  project_type: string[];
  sector: string | null;
  ownership: string | null;
  status: string | null;
  stage: string | null;
  value: number | null;
  state: string | null;
  district: string | null;
  city: string | null;
  pincode: string | null;
  address: string | null;
  owner_name: string | null;
  owner_company: CompanyRef | null;
  architect_company: CompanyRef | null;
  contractor_company: CompanyRef | null;
  start_date: string | null;
  completion_date: string | null;
  retrieved_on: string | null;
  reviewed_date: string | null;
  arrived_date: string;
  keywords: string[];
  source: string | null;
  source_url: string | null;
  area_sq_ft: number | null;
  created_at: string;
  updated_at: string;
  /** The best score of its contacts. */
  contact_fuzz_score: number | null;
  contact_count: number;
}

/** work/{id}/: the project with this user's mark, its history, and when this view was recorded. */
export interface LeadDetail extends ProjectDetail {
  /** unmarked | shortlisted | tentative | rejected */
  mark: string;
  mark_history: MarkHistoryEntry[];
  viewed_at: string;
  /** Teammates' marks on the lead (issue 20): empty for a user in no team. */
  team_marks: TeamMark[];
}
