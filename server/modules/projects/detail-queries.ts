// Reading one lead for its detail page: the project with its companies, its contacts as the
// user may see them, documents' contacts and specs, keywords, status updates and histories.
import type { Queryable } from "../../db/client.js";
import { parseProjectType } from "../../../common/project-type.js";
import type { ProjectDetail } from "../../../common/projects.js";
import { contactColumns, iso, maskEmail, maskPhone, toContactView, type ContactRow } from "../credits/contacts.js";

export interface ProjectRow {
  id: number;
  title: string;
  description: string;
  category: string;
  is_ai: boolean;
  project_type: unknown;
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
  owner_company_id: number | null;
  owner_company_name: string | null;
  architect_company_id: number | null;
  architect_company_name: string | null;
  contractor_company_id: number | null;
  contractor_company_name: string | null;
  owner_name: string | null;
  start_date: string | null;
  completion_date: string | null;
  retrieved_on: Date | null;
  reviewed_date: Date | null;
  arrived_date: Date;
  keywords: string[];
  source: string | null;
  source_url: string | null;
  area_sq_ft: number | null;
  created_at: Date;
  updated_at: Date;
  contact_fuzz_score: number | null;
  contact_count: number;
}

export async function findProject(db: Queryable, id: number): Promise<ProjectRow | undefined> {
  const { rows } = await db.query<ProjectRow>(
    `SELECT p.id, p.title, p.description, p.category, p.is_ai, p.project_type, p.sector, p.ownership, p.status, p.stage,
            p.value, p.state, p.district, p.city, p.pincode, p.address,
            p.owner_company_id, o.name AS owner_company_name,
            p.architect_company_id, a.name AS architect_company_name,
            p.contractor_company_id, k.name AS contractor_company_name,
            p.owner_name, p.start_date, p.completion_date, p.retrieved_on, p.reviewed_date, p.arrived_date,
            p.keywords, p.source, p.source_url, p.area_sq_ft, p.created_at, p.updated_at,
            (SELECT max(c.contact_fuzz_score) FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id WHERE pc.project_id = p.id) AS contact_fuzz_score,
            (SELECT count(*)::int FROM project_contacts pc WHERE pc.project_id = p.id) AS contact_count
       FROM projects p
       LEFT JOIN companies o ON o.id = p.owner_company_id
       LEFT JOIN companies a ON a.id = p.architect_company_id
       LEFT JOIN companies k ON k.id = p.contractor_company_id
      WHERE p.id = $1`,
    [id],
  );
  return rows[0];
}

export async function projectExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM projects WHERE id = $1`, [id])).rows.length > 0;
}

const ref = (id: number | null, name: string | null) => (id != null ? { id, name: name ?? "" } : null);

export function toProjectDetail(p: ProjectRow): ProjectDetail {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    category: p.category,
    is_ai: p.is_ai,
    project_type: parseProjectType(p.project_type),
    sector: p.sector,
    ownership: p.ownership,
    status: p.status,
    stage: p.stage,
    value: p.value,
    state: p.state,
    district: p.district,
    city: p.city,
    pincode: p.pincode,
    address: p.address,
    owner_name: p.owner_name,
    owner_company: ref(p.owner_company_id, p.owner_company_name),
    architect_company: ref(p.architect_company_id, p.architect_company_name),
    contractor_company: ref(p.contractor_company_id, p.contractor_company_name),
    start_date: p.start_date,
    completion_date: p.completion_date,
    retrieved_on: iso(p.retrieved_on),
    reviewed_date: iso(p.reviewed_date),
    arrived_date: iso(p.arrived_date)!,
    keywords: p.keywords ?? [],
    source: p.source,
    source_url: p.source_url,
    area_sq_ft: p.area_sq_ft,
    created_at: iso(p.created_at)!,
    updated_at: iso(p.updated_at)!,
    contact_fuzz_score: p.contact_fuzz_score,
    contact_count: p.contact_count,
  };
}

/** The project's contacts as userId sees them, best score first. */
export async function projectContacts(db: Queryable, userId: number, projectId: number, staff: boolean) {
  const { rows } = await db.query<ContactRow & { role: string | null }>(
    `SELECT ${contactColumns("$1")}, pc.role
       FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id LEFT JOIN companies co ON co.id = c.company_id
      WHERE pc.project_id = $2
      ORDER BY c.contact_fuzz_score DESC NULLS LAST, c.id`,
    [userId, projectId],
  );
  return rows.map((r) => ({ ...toContactView(r, { staff }), role: r.role }));
}

interface DocumentRow {
  id: number;
  title: string;
  body: string;
  specs: unknown;
  contacts: unknown;
  created_at: Date;
}

export async function projectDocuments(db: Queryable, projectId: number): Promise<DocumentRow[]> {
  const { rows } = await db.query<DocumentRow>(
    `SELECT id, title, body, specs, contacts, created_at FROM project_documents WHERE project_id = $1 ORDER BY created_at, id`,
    [projectId],
  );
  return rows;
}

const str = (v: unknown): string | null => (v === null || v === undefined || v === "" ? null : String(v));
const asArray = (v: unknown): Record<string, unknown>[] => {
  const a = typeof v === "string" ? safeJson(v) : v;
  return Array.isArray(a) ? a.filter((x): x is Record<string, unknown> => !!x && typeof x === "object") : [];
};
const safeJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
};

/** Contacts extracted from the project's documents; phones and e-mails masked for subscribers. */
export function documentContacts(docs: DocumentRow[], staff: boolean) {
  return docs.flatMap((d) =>
    asArray(d.contacts).map((c) => ({
      document_id: d.id,
      document_title: d.title,
      name: str(c.name),
      designation: str(c.designation),
      company: str(c.company),
      role: str(c.role),
      phone: staff ? str(c.phone) : maskPhone(str(c.phone)),
      email: staff ? str(c.email) : maskEmail(str(c.email)),
    })),
  );
}

export function documentSpecs(docs: DocumentRow[]) {
  return docs.flatMap((d) =>
    asArray(d.specs).map((s) => ({ document_id: d.id, document_title: d.title, item: str(s.item) ?? "", spec: str(s.spec) ?? "" })),
  );
}

export async function statusUpdates(db: Queryable, projectId: number) {
  const { rows } = await db.query<{ id: number; old_status: string | null; new_status: string; note: string | null; created_by: string | null; created_at: Date }>(
    `SELECT s.id, s.old_status, s.new_status, s.note, nullif(trim(u.first_name || ' ' || u.last_name), '') AS created_by, s.created_at
       FROM project_status_updates s LEFT JOIN users u ON u.id = s.created_by
      WHERE s.project_id = $1 ORDER BY s.created_at DESC, s.id DESC`,
    [projectId],
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at)! }));
}

export async function projectHistory(db: Queryable, projectId: number) {
  const { rows } = await db.query<{ id: number; changes: Record<string, unknown>; changed_by: string | null; created_at: Date }>(
    `SELECT h.id, h.changes, nullif(trim(u.first_name || ' ' || u.last_name), '') AS changed_by, h.created_at
       FROM project_history h LEFT JOIN users u ON u.id = h.changed_by
      WHERE h.project_id = $1 ORDER BY h.created_at DESC, h.id DESC`,
    [projectId],
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at)! }));
}

/** History of the project's contacts; phone and e-mail values masked unless this user may see them. */
export async function contactsHistory(db: Queryable, userId: number, projectId: number, staff: boolean) {
  const { rows } = await db.query<{ id: number; contact_id: number; contact_name: string; changes: Record<string, unknown>; changed_by: string | null; created_at: Date; unlocked: boolean }>(
    `SELECT h.id, h.contact_id, c.name AS contact_name, h.changes, nullif(trim(u.first_name || ' ' || u.last_name), '') AS changed_by, h.created_at,
            EXISTS (SELECT 1 FROM unlocks_visible_to($1) x WHERE x.item_type = 'contact' AND x.item_id = h.contact_id) AS unlocked
       FROM contact_history h JOIN project_contacts pc ON pc.contact_id = h.contact_id AND pc.project_id = $2
       JOIN contacts c ON c.id = h.contact_id LEFT JOIN users u ON u.id = h.changed_by
      ORDER BY h.created_at DESC, h.id DESC LIMIT 500`,
    [userId, projectId],
  );
  return rows.map(({ unlocked, ...r }) => ({
    ...r,
    changes: staff || unlocked ? r.changes : maskChanges(r.changes),
    created_at: iso(r.created_at)!,
  }));
}

export function maskChanges(changes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(changes ?? {})) {
    const mask = k === "phone" ? maskPhone : k === "email" ? maskEmail : null;
    out[k] = mask ? (Array.isArray(v) ? v.map((x) => mask(str(x))) : mask(str(v))) : v;
  }
  return out;
}

/** Keywords: the project's own list and those staff added, each once, in that order. */
export async function allKeywords(db: Queryable, projectId: number, own: string[]): Promise<string[]> {
  const { rows } = await db.query<{ keyword: string }>(`SELECT keyword FROM keywords WHERE project_id = $1 ORDER BY created_at, id`, [projectId]);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const k of [...own, ...rows.map((r) => r.keyword)]) {
    const key = k.trim().toLowerCase();
    if (key && !seen.has(key)) {
      seen.add(key);
      out.push(k.trim());
    }
  }
  return out;
}

/** The lead's own keyword list, or undefined when there is no such lead. */
export async function ownKeywords(db: Queryable, projectId: number): Promise<string[] | undefined> {
  const { rows } = await db.query<{ keywords: string[] }>(`SELECT keywords FROM projects WHERE id = $1`, [projectId]);
  return rows[0] ? (rows[0].keywords ?? []) : undefined;
}

/** The keywords staff added to the lead, oldest first, with who added each. */
export async function staffKeywords(db: Queryable, projectId: number) {
  const { rows } = await db.query<{ id: number; works_id: number; keyword: string; created_by: string | null; created_at: Date }>(
    `SELECT k.id, k.project_id AS works_id, k.keyword, nullif(trim(u.first_name || ' ' || u.last_name), '') AS created_by, k.created_at
       FROM keywords k LEFT JOIN users u ON u.id = k.created_by WHERE k.project_id = $1 ORDER BY k.created_at, k.id`,
    [projectId],
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at)! }));
}

/** Staff's debug view: the row as stored (without its search vector), the vector as text, or undefined. */
export async function projectRowAsStored(db: Queryable, projectId: number) {
  const { rows } = await db.query<{ row: Record<string, unknown>; search_vector: string }>(
    `SELECT to_jsonb(p) - 'search_vector' AS row, p.search_vector::text AS search_vector FROM projects p WHERE p.id = $1`,
    [projectId],
  );
  return rows[0];
}

/** The search engine's last 50 change-log entries that touched this lead (or all leads). */
export async function projectSearchChanges(db: Queryable, projectId: number) {
  const { rows } = await db.query<{ id: number; index_name: string; created_at: Date }>(
    `SELECT id, index_name, created_at FROM search_changes WHERE index_name = 'projects' AND (row_ids IS NULL OR $1::bigint = ANY(row_ids))
      ORDER BY id DESC LIMIT 50`,
    [projectId],
  );
  return rows.map((c) => ({ ...c, created_at: iso(c.created_at)! }));
}
