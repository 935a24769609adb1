// The tenders index: public-sector tenders (list/tenders/search/, its facets and export;
// server/modules/tenders/lists.ts). Rows come from the tender_search view (007_tenders.sql):
// the tenders table plus live_until (when the tender stops being live), value_band and the
// tender's result id.
import type { IndexDefinition } from "../types.js";

/** A timestamptz as the ISO text JavaScript's toISOString() gives (UTC, milliseconds, Z). */
export const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Tenders are nobody's marks or unlocks: the per-user parts select nothing. */
// (They name :user all the same: the engine always binds the user's id.)
const NO_IDS = `SELECT NULL::bigint WHERE :user::bigint IS NULL`;

export const tendersIndex: IndexDefinition = {
  name: "tenders",
  table: "tender_search",
  // title A; organisation and department B; city and state C; description D (001_init.sql)
  textVector: "search_vector",
  textConfig: "english",
  fields: {
    tender_status: { kind: "keyword", column: "tender_status", facet: true, label: "status" },
    is_corrigendum: { kind: "boolean", column: "is_corrigendum", facet: true, label: "corrigendum" },
    org_name_exact: { kind: "keyword", column: "org_name_exact", facet: true, facetLimit: 200, label: "organisation" },
    state: { kind: "keyword", column: "state", facet: true, label: "state" },
    city: { kind: "keyword", column: "city", facet: true, label: "city" },
    district: { kind: "keyword", column: "district", label: "district" },
    category: { kind: "keyword", column: "category", facet: true, label: "category" },
    value_band: { kind: "keyword", column: "value_band", facet: true, label: "value band" },
    tender_type: { kind: "keyword", column: "tender_type", label: "tender type" },
    department: { kind: "keyword", column: "department", label: "department" },
    source: { kind: "keyword", column: "source", label: "source" },
    // One value per tender: filtered by SQL (reference:*PWD/RD*) rather than held in memory.
    reference: { kind: "text", column: "reference", label: "reference" },
    portal_tender_id: { kind: "text", column: "portal_tender_id", label: "tender ID" },
    pincode: { kind: "keyword", column: "pincode", label: "pincode" },
    title: { kind: "text", column: "title", label: "title" },
    value: { kind: "number", column: "value", label: "value" },
    emd: { kind: "number", column: "emd", label: "EMD" },
    published_date: { kind: "timestamp", column: "published_date", label: "published" },
    closing_date: { kind: "timestamp", column: "closing_date", label: "closing date" },
    status_update_date: { kind: "timestamp", column: "status_update_date", label: "status updated" },
    retrieved_on: { kind: "timestamp", column: "retrieved_on", label: "retrieved on" },
    reviewed_date: { kind: "timestamp", column: "reviewed_date", label: "reviewed" },
    arrived_date: { kind: "timestamp", column: "arrived_date", label: "arrived" },
    live_until: { kind: "timestamp", column: "live_until", label: "live until" },
  },
  // The search box finds a tender by its portal Tender ID or reference number, exact or by prefix, first.
  identifiers: ["portal_tender_id", "reference"],
  sorts: {
    relevance: { field: "relevance", dir: "desc" },
    newest: { field: "published_date", dir: "desc" },
    "closing_date asc": { field: "closing_date", dir: "asc" },
    "closing_date desc": { field: "closing_date", dir: "desc" },
    "value desc": { field: "value", dir: "desc" },
    "value asc": { field: "value", dir: "asc" },
    "status_update_date desc": { field: "status_update_date", dir: "desc" },
    "status_update_date asc": { field: "status_update_date", dir: "asc" },
    "retrieved_on desc": { field: "retrieved_on", dir: "desc" },
    "retrieved_on asc": { field: "retrieved_on", dir: "asc" },
    "arrived_date desc": { field: "arrived_date", dir: "desc" },
    "arrived_date asc": { field: "arrived_date", dir: "asc" },
    "published_date desc": { field: "published_date", dir: "desc" },
    "published_date asc": { field: "published_date", dir: "asc" },
  },
  defaultSort: "closing_date asc",
  warmSorts: ["status_update_date desc"],
  pageSize: 20,
  resultColumns: `t.id, t.title, t.portal_tender_id, t.reference, t.org_name, t.org_name_exact, t.department, t.tender_status, t.is_corrigendum, t.category,
    t.tender_type, t.value::float8 AS value, t.value_band, t.emd::float8 AS emd, t.state, t.district, t.city,
    ${iso("t.published_date")} AS published_date, ${iso("t.closing_date")} AS closing_date, ${iso("t.status_update_date")} AS status_update_date,
    ${iso("t.retrieved_on")} AS retrieved_on, ${iso("t.reviewed_date")} AS reviewed_date, ${iso("t.arrived_date")} AS arrived_date, t.result_id`,
  exportColumns: [
    { header: "ID", key: "id", format: "number" },
    { header: "Title", key: "title" },
    { header: "Portal Tender ID", key: "portal_tender_id" },
    { header: "Reference", key: "reference" },
    { header: "Organisation", key: "org_name" },
    { header: "Department", key: "department" },
    { header: "Status", key: "tender_status" },
    { header: "Corrigendum", key: "is_corrigendum", format: "boolean" },
    { header: "Category", key: "category" },
    { header: "Tender Type", key: "tender_type" },
    { header: "Value (Rs)", key: "value", format: "number" },
    { header: "EMD (Rs)", key: "emd", format: "number" },
    { header: "State", key: "state" },
    { header: "District", key: "district" },
    { header: "City", key: "city" },
    { header: "Published", key: "published_date", format: "datetime" },
    { header: "Closing Date", key: "closing_date", format: "datetime" },
    { header: "Status Updated", key: "status_update_date", format: "datetime" },
    { header: "Retrieved On", key: "retrieved_on", format: "datetime" },
  ],
  personal: { hiddenIds: NO_IDS, unlockedIds: NO_IDS, mark: `CASE WHEN :user::bigint IS NULL THEN NULL ELSE 'unmarked' END` },
};
