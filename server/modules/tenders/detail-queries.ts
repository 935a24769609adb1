// One tender with everything its page shows: every field, documents (metadata; the bytes go
// out in the zip), corrigenda newest first, and its result when it has been awarded.
import type { Queryable } from "../../db/client.js";
import { CLOSED_TENDER_STATUSES } from "../../../common/tenders.js";
import { renderTenderFile, type TenderFileRecipe } from "../../ingest/tender-files.js";

export const isoOrNull = (d: Date | string | null | undefined): string | null => (d == null ? null : new Date(d).toISOString());

const TENDER_COLUMNS = `t.id, t.ocid, t.portal_tender_id, t.reference, t.title, t.description, t.org_name, t.org_name_exact, t.department, t.tender_status,
  t.is_corrigendum, t.category, t.tender_type, t.value, t.emd, t.tender_fee, t.published_date, t.closing_date, t.opening_date,
  t.prebid_date, t.status_update_date, t.retrieved_on, t.reviewed_date, t.arrived_date, t.state, t.district, t.city, t.pincode,
  t.source, t.source_url`;

const DATE_FIELDS = ["published_date", "closing_date", "opening_date", "prebid_date", "status_update_date", "retrieved_on", "reviewed_date", "arrived_date"] as const;

export interface TenderRecord {
  id: number; ocid: string | null; portal_tender_id: string | null; reference: string | null; title: string; description: string; org_name: string | null;
  org_name_exact: string | null; department: string | null; tender_status: string; is_live: boolean; is_corrigendum: boolean;
  category: string | null; tender_type: string | null; value: number | null; emd: number | null; tender_fee: number | null;
  published_date: string | null; closing_date: string | null; opening_date: string | null; prebid_date: string | null;
  status_update_date: string | null; retrieved_on: string | null; reviewed_date: string | null; arrived_date: string;
  state: string | null; district: string | null; city: string | null; pincode: string | null; source: string | null; source_url: string | null;
}

/** A tender's fields with instants as ISO strings; null when there is no such tender. */
export async function findTender(db: Queryable, id: number): Promise<TenderRecord | null> {
  const { rows } = await db.query<Record<string, unknown>>(`SELECT ${TENDER_COLUMNS} FROM tenders t WHERE t.id = $1`, [id]);
  return rows[0] ? tenderRecord(rows[0]) : null;
}

export function tenderRecord(row: Record<string, unknown>): TenderRecord {
  const out = { ...row } as Record<string, unknown>;
  for (const f of DATE_FIELDS) out[f] = isoOrNull(row[f] as Date | null);
  const closing = row.closing_date as Date | null;
  out.is_live = !(CLOSED_TENDER_STATUSES as readonly string[]).includes(String(row.tender_status)) && (!closing || new Date(closing).getTime() >= Date.now());
  return out as unknown as TenderRecord;
}

/** The tender's documents; a demo file held as a recipe is rendered to state its size. */
export async function tenderDocuments(db: Queryable, tender: TenderRecord) {
  const { rows } = await db.query<{ id: number; file_name: string; mime_type: string; url: string | null; size: number | null; has_text: boolean; recipe: TenderFileRecipe | null }>(
    `SELECT id, file_name, mime_type, url, octet_length(content)::int AS size, body_text <> '' AS has_text, recipe
       FROM tender_documents WHERE tender_id = $1 ORDER BY id`,
    [tender.id],
  );
  return rows.map(({ recipe, ...d }) => (recipe ? { ...d, size: renderTenderFile(recipe, tender).length } : d));
}

export async function tenderCorrigenda(db: Queryable, tenderId: number) {
  const { rows } = await db.query<{ id: number; title: string; description: string; published_date: Date }>(
    `SELECT id, title, description, published_date FROM tender_corrigenda WHERE tender_id = $1 ORDER BY published_date DESC, id DESC`,
    [tenderId],
  );
  return rows.map((r) => ({ ...r, published_date: r.published_date.toISOString() }));
}

export async function tenderResultSummary(db: Queryable, tenderId: number) {
  const { rows } = await db.query<{ id: number; winner_name: string | null; winner_names: string[]; award_value: number | null; result_date: Date | null }>(
    `SELECT id, winner_name, result_winner_names(winner_names, winner_name) AS winner_names, award_value, result_date FROM results WHERE tender_id = $1`,
    [tenderId],
  );
  return rows[0] ? { ...rows[0], result_date: isoOrNull(rows[0].result_date) } : null;
}

export async function tenderDetail(db: Queryable, id: number) {
  const tender = await findTender(db, id);
  if (!tender) return null;
  const [documents, corrigenda, result] = await Promise.all([tenderDocuments(db, tender), tenderCorrigenda(db, id), tenderResultSummary(db, id)]);
  return { ...tender, documents, corrigenda, result };
}
