// The tender-results index (list/results/search/ and its facets; server/modules/results/).
// Rows come from the result_search view (007_tenders.sql): one per result, with its tender's
// title, organisation, place, estimate and text vector, every winner and the bidder count.
import type { IndexDefinition } from "../types.js";
import { iso } from "./tenders.js";

// (They name :user all the same: the engine always binds the user's id.)
const NO_IDS = `SELECT NULL::bigint WHERE :user::bigint IS NULL`;

export const resultsIndex: IndexDefinition = {
  name: "results",
  table: "result_search",
  textVector: "search_vector",
  textConfig: "english",
  fields: {
    // Every row is a result: the web app sends filter=item_type:result (spec).
    item_type: { kind: "keyword", column: "item_type", label: "item type" },
    org_name_exact: { kind: "keyword", column: "org_name_exact", facet: true, facetLimit: 200, label: "organisation" },
    state: { kind: "keyword", column: "state", facet: true, label: "state" },
    city: { kind: "keyword", column: "city", facet: true, label: "city" },
    district: { kind: "keyword", column: "district", label: "district" },
    category: { kind: "keyword", column: "category", facet: true, label: "category" },
    value_band: { kind: "keyword", column: "value_band", facet: true, label: "value band" },
    // Every winner of a result (024_winner_lists.sql): `winner_name:X` finds it by any of them and
    // the facet counts a joint win (lots, joint awards) for each winner. The name stays the
    // singular one saved searches and links already carry.
    winner_name: { kind: "keywords", column: "winner_names", facet: true, facetLimit: 100, label: "winner" },
    tender_status: { kind: "keyword", column: "tender_status", label: "status" },
    // One value per tender: filtered by SQL (reference:*PWD/RD*) rather than held in memory.
    reference: { kind: "text", column: "reference", label: "reference" },
    portal_tender_id: { kind: "text", column: "portal_tender_id", label: "tender ID" },
    title: { kind: "text", column: "title", label: "title" },
    value: { kind: "number", column: "value", label: "estimate" },
    award_value: { kind: "number", column: "award_value", label: "award value" },
    bidder_count: { kind: "number", column: "bidder_count", label: "bidders" },
    result_date: { kind: "timestamp", column: "result_date", label: "result date" },
    closing_date: { kind: "timestamp", column: "closing_date", label: "closing date" },
    status_update_date: { kind: "timestamp", column: "status_update_date", label: "status updated" },
    retrieved_on: { kind: "timestamp", column: "retrieved_on", label: "retrieved on" },
    reviewed_date: { kind: "timestamp", column: "reviewed_date", label: "reviewed" },
    arrived_date: { kind: "timestamp", column: "arrived_date", label: "arrived" },
    // When the result itself came into our data (what a results alert calls new).
    added_at: { kind: "timestamp", column: "added_at", label: "result added" },
  },
  // The search box finds a tender by its portal Tender ID or reference number, exact or by prefix, first.
  identifiers: ["portal_tender_id", "reference"],
  sorts: {
    relevance: { field: "relevance", dir: "desc" },
    newest: { field: "result_date", dir: "desc" },
    "result_date desc": { field: "result_date", dir: "desc" },
    "result_date asc": { field: "result_date", dir: "asc" },
    "award_value desc": { field: "award_value", dir: "desc" },
    "award_value asc": { field: "award_value", dir: "asc" },
    "value desc": { field: "value", dir: "desc" },
    "value asc": { field: "value", dir: "asc" },
    "status_update_date desc": { field: "status_update_date", dir: "desc" },
    "retrieved_on desc": { field: "retrieved_on", dir: "desc" },
    "arrived_date desc": { field: "arrived_date", dir: "desc" },
    "added_at desc": { field: "added_at", dir: "desc" },
  },
  defaultSort: "result_date desc",
  pageSize: 20,
  resultColumns: `t.id, t.item_type, t.tender_id, t.title, t.portal_tender_id, t.reference, t.org_name, t.org_name_exact, t.category, t.state, t.city,
    t.tender_status, t.value::float8 AS value, t.value_band, t.award_value::float8 AS award_value, t.winner_name, t.winner_company_id,
    t.winner_names,
    t.bidder_count, ${iso("t.result_date")} AS result_date, ${iso("t.status_update_date")} AS status_update_date,
    ${iso("t.retrieved_on")} AS retrieved_on, ${iso("t.arrived_date")} AS arrived_date`,
  exportColumns: [
    { header: "ID", key: "id", format: "number" },
    { header: "Tender ID", key: "tender_id", format: "number" },
    { header: "Title", key: "title" },
    { header: "Portal Tender ID", key: "portal_tender_id" },
    { header: "Reference", key: "reference" },
    { header: "Organisation", key: "org_name" },
    { header: "Category", key: "category" },
    { header: "State", key: "state" },
    { header: "City", key: "city" },
    { header: "Estimate (Rs)", key: "value", format: "number" },
    { header: "Award Value (Rs)", key: "award_value", format: "number" },
    { header: "Winners", key: "winner_names", format: "list" },
    { header: "Bidders", key: "bidder_count", format: "number" },
    { header: "Result Date", key: "result_date", format: "datetime" },
  ],
  personal: { hiddenIds: NO_IDS, unlockedIds: NO_IDS, mark: `CASE WHEN :user::bigint IS NULL THEN NULL ELSE 'unmarked' END` },
};
