// The project fields staff edit, and the PATCH body: only the fields whose value changed.
import type { CompanyRef, ProjectDetail } from "../../../common/projects";

// The same record as the lead pages read (GET work/{id}/), typed once in common/.
export type { CompanyRef, ProjectDetail };

export const EDITABLE_FIELDS = [
  "title", "description", "category", "project_type", "sector", "ownership", "status", "stage", "value", "area_sq_ft",
  "state", "district", "city", "address", "pincode", "owner_name", "owner_company_id", "architect_company_id",
  "contractor_company_id", "start_date", "completion_date", "source", "source_url",
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
export type EditableProject = Partial<Record<EditableField, unknown>>;

/** The form's values for a loaded project (company references become their ids). */
export function editableValues(p: ProjectDetail): EditableProject {
  const out: EditableProject = {};
  for (const f of EDITABLE_FIELDS) {
    if (f === "owner_company_id") out[f] = p.owner_company?.id ?? null;
    else if (f === "architect_company_id") out[f] = p.architect_company?.id ?? null;
    else if (f === "contractor_company_id") out[f] = p.contractor_company?.id ?? null;
    else out[f] = (p as unknown as Record<string, unknown>)[f] ?? null;
  }
  return out;
}

function normalise(v: unknown): unknown {
  if (v === undefined || v === "") return null;
  if (typeof v === "string") return v.trim() === "" ? null : v;
  return v;
}

/** Fields whose value differs from the loaded project, with empty text sent as null. */
export function changedFields(project: ProjectDetail, values: EditableProject): EditableProject {
  const before = editableValues(project);
  const changes: EditableProject = {};
  for (const f of EDITABLE_FIELDS) {
    if (!(f in values)) continue;
    const next = normalise(values[f]);
    if (JSON.stringify(normalise(before[f])) !== JSON.stringify(next)) changes[f] = typeof next === "string" && f !== "description" ? next.trim() : next;
  }
  return changes;
}
