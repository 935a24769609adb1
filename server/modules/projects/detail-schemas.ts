// The lead detail routes' TypeBox schemas (detail-routes.ts, detail-staff-routes.ts).
import { Type, type Static } from "typebox";
import type { LeadDetail, ProjectDetail as ProjectFieldsType } from "../../../common/projects.js";
import { ErrorResponse } from "../../http/schemas.js";
import { CompanyRef } from "../credits/contacts.js";
import { MarkHistorySchema } from "../marks/routes.js";

export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const Params = Type.Object({ id: Id });
export const S = Type.String();
export const NS = Type.Union([Type.String(), Type.Null()]);
export const NN = Type.Union([Type.Number(), Type.Null()]);
export const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
export const results = <T extends ReturnType<typeof Type.Object>>(row: T) => Type.Object({ results: Type.Array(row) });

/** The project's own fields (toProjectDetail): also what a staff edit answers. */
const projectFields = {
  id: Type.Number(), title: S, description: S, category: S, is_ai: Type.Boolean(),
  project_type: Type.Array(S), sector: NS, ownership: NS, status: NS, stage: NS,
  value: Type.Union([Type.Number(), Type.Null()], { description: "Rupees" }),
  state: NS, district: NS, city: NS, pincode: NS, address: NS, owner_name: NS,
  owner_company: CompanyRef, architect_company: CompanyRef, contractor_company: CompanyRef,
  start_date: NS, completion_date: NS, retrieved_on: NS, reviewed_date: NS, arrived_date: S,
  keywords: Type.Array(S), source: NS, source_url: NS, area_sq_ft: NN, created_at: S, updated_at: S,
  contact_fuzz_score: Type.Union([Type.Number(), Type.Null()], { description: "The best score of its contacts" }),
  contact_count: Type.Number(),
};
export const ProjectFields = Type.Object(projectFields);

/** GET work/{id}/: the project with this user's mark and its history, and their teammates' marks. */
export const ProjectDetail = Type.Object({
  ...projectFields,
  mark: Type.String({ description: "This user's: unmarked | shortlisted | tentative | rejected" }),
  mark_history: MarkHistorySchema,
  viewed_at: Type.String({ description: "This view, as recorded for the dashboard's recently viewed" }),
  team_marks: Type.Array(
    Type.Object({
      user_id: Type.Number(), name: S,
      mark: Type.Union([Type.Literal("shortlisted"), Type.Literal("tentative"), Type.Literal("rejected")]),
      marked_at: Type.String({ description: "When they set it (UTC)" }),
    }),
    { description: "Teammates' marks on the lead, newest first (issue 20); empty in no team" },
  ),
});

/** True only when A and B are the same type (each assignable to the other is not enough: optional vs undefined). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
// The web reads these records as common/projects.ts types them: the type check fails when they drift.
const schemasMatchCommon: [Same<Static<typeof ProjectFields>, ProjectFieldsType>, Same<Static<typeof ProjectDetail>, LeadDetail>] = [true, true];
void schemasMatchCommon;

export const StatusUpdate = Type.Object({ id: Type.Number(), old_status: NS, new_status: S, note: NS, created_by: NS, created_at: S });
export const HistoryRow = Type.Object({ id: Type.Number(), changes: Type.Record(S, Type.Unknown()), changed_by: NS, created_at: S });
export const Keyword = Type.Object({ id: Type.Number(), works_id: Type.Number(), keyword: S, created_by: NS, created_at: S });
