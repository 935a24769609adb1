// The companies index: the builders lister, list/company/search/ (server/modules/companies/
// list-routes.ts). Text on name and CIN (A), place (B), industry and type (C) — 008_companies.sql.
// Facets: common/companies.ts COMPANY_FACETS. show_unlocked=true keeps the companies this user
// unlocked; nothing is hidden per user (no marks on companies).
import { COMPANY_DEFAULT_SORT } from "../../../common/companies.js";
import type { IndexDefinition } from "../types.js";

export const companiesIndex: IndexDefinition = {
  name: "companies",
  table: "companies",
  textVector: "search_vector",
  textConfig: "english",
  fields: {
    state: { kind: "keyword", column: "state", facet: true, label: "state" },
    city: { kind: "keyword", column: "city", facet: true, label: "city" },
    company_type: { kind: "keyword", column: "company_type", facet: true, label: "type" },
    industry: { kind: "keyword", column: "industry", facet: true, label: "industry" },
    employee_band: { kind: "keyword", column: "employee_band", facet: true, label: "employees" },
    capital_band: { kind: "keyword", column: "capital_band", facet: true, label: "paid-up capital" },
    company_status: { kind: "keyword", column: "company_status", facet: true, label: "status" },
    listing_status: { kind: "keyword", column: "listing_status", label: "listing" },
    roc_code: { kind: "keyword", column: "roc_code", label: "ROC" },
    name: { kind: "text", column: "name", label: "name" },
    cin: { kind: "keyword", column: "cin", label: "CIN" },
    paid_up_capital: { kind: "number", column: "paid_up_capital", label: "paid-up capital" },
    authorized_capital: { kind: "number", column: "authorized_capital", label: "authorised capital" },
    incorporation_date: { kind: "date", column: "incorporation_date", label: "incorporated" },
    updated_at: { kind: "timestamp", column: "updated_at", label: "updated" },
  },
  sorts: {
    relevance: { field: "relevance", dir: "desc" },
    "paid_up_capital desc": { field: "paid_up_capital", dir: "desc" },
    "paid_up_capital asc": { field: "paid_up_capital", dir: "asc" },
    "incorporation_date desc": { field: "incorporation_date", dir: "desc" },
    "incorporation_date asc": { field: "incorporation_date", dir: "asc" },
    "updated_at desc": { field: "updated_at", dir: "desc" },
  },
  // The biggest companies first: the builders a supplier most wants to find.
  defaultSort: COMPANY_DEFAULT_SORT,
  pageSize: 20,
  resultColumns: `t.id, t.name, t.cin, t.company_type, t.industry, t.state, t.city, t.employee_band, t.capital_band,
    t.paid_up_capital::float8 AS paid_up_capital, t.authorized_capital::float8 AS authorized_capital,
    to_char(t.incorporation_date, 'YYYY-MM-DD') AS incorporation_date, t.company_status, t.listing_status,
    (SELECT count(*)::int FROM contacts c WHERE c.company_id = t.id) AS contact_count,
    (SELECT count(*)::int FROM projects p WHERE p.owner_company_id = t.id OR p.architect_company_id = t.id OR p.contractor_company_id = t.id) AS project_count`,
  exportColumns: [
    { header: "ID", key: "id", format: "number" },
    { header: "Name", key: "name" },
    { header: "CIN", key: "cin" },
    { header: "Type", key: "company_type" },
    { header: "Industry", key: "industry" },
    { header: "State", key: "state" },
    { header: "City", key: "city" },
    { header: "Employees", key: "employee_band" },
    { header: "Paid-up Capital (Rs)", key: "paid_up_capital", format: "number" },
    { header: "Authorised Capital (Rs)", key: "authorized_capital", format: "number" },
    { header: "Incorporated", key: "incorporation_date", format: "date" },
    { header: "Status", key: "company_status" },
    { header: "Contacts", key: "contact_count", format: "number" },
    { header: "Projects", key: "project_count", format: "number" },
  ],
  personal: {
    hiddenIds: `SELECT NULL::bigint WHERE false`,
    unlockedIds: `SELECT item_id FROM unlocks_visible_to(:user) WHERE item_type = 'company'`,
    // Companies carry no marks. The expression still names :user, so the query's user parameter has a type.
    mark: `CASE WHEN :user::bigint IS NOT NULL THEN 'unmarked' END`,
  },
};
