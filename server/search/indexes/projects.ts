// The projects ("works") index: private-sector construction and industrial leads. Used by
// list/search/, list/review/search/ and list/my-feed/ (server/modules/projects/routes.ts).
import { LEAD_DEFAULT_SORT } from "../../../common/constants.js";
import type { IndexDefinition } from "../types.js";

/** A timestamptz as the ISO text JavaScript's toISOString() gives (UTC, milliseconds, Z). */
const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const projectsIndex: IndexDefinition = {
  name: "projects",
  table: "projects",
  // title A; owner, keywords and place B; sector and project types C; description D (002_search.sql)
  textVector: "search_vector",
  textConfig: "english",
  fields: {
    category: { kind: "keyword", column: "category", facet: true, label: "category" },
    state: { kind: "keyword", column: "state", facet: true, label: "state" },
    district: { kind: "keyword", column: "district", facet: true, label: "district" },
    city: { kind: "keyword", column: "city", facet: true, label: "city" },
    sector: { kind: "keyword", column: "sector", facet: true, label: "sector" },
    project_type: { kind: "keywords", column: "project_type", facet: true, label: "project type" },
    status: { kind: "keyword", column: "status", facet: true, label: "status" },
    stage: { kind: "keyword", column: "stage", facet: true, label: "stage" },
    source: { kind: "keyword", column: "source", facet: true, label: "source" },
    ownership: { kind: "keyword", column: "ownership", facet: true, label: "ownership" },
    is_ai: { kind: "boolean", column: "is_ai", label: "AI lead" },
    owner_name: { kind: "keyword", column: "owner_name", label: "owner" },
    pincode: { kind: "keyword", column: "pincode", label: "pincode" },
    title: { kind: "text", column: "title", label: "title" },
    value: { kind: "number", column: "value", label: "value" },
    retrieved_on: { kind: "timestamp", column: "retrieved_on", label: "retrieved on" },
    arrived_date: { kind: "timestamp", column: "arrived_date", label: "arrived" },
    reviewed_date: { kind: "timestamp", column: "reviewed_date", label: "reviewed" },
    start_date: { kind: "date", column: "start_date", label: "start date" },
    completion_date: { kind: "date", column: "completion_date", label: "completion date" },
    // The searcher's own mark (dashboard links: "my shortlisted leads"). Rejected leads also need search_all=true.
    mark: {
      kind: "personal",
      column: "id",
      label: "your mark",
      options: ["shortlisted", "tentative", "rejected"],
      personalIds: `SELECT project_id FROM marks WHERE user_id = :user AND mark = ANY(:values)`,
    },
  },
  sorts: {
    relevance: { field: "relevance", dir: "desc" },
    newest: { field: "retrieved_on", dir: "desc" },
    "retrieved_on desc": { field: "retrieved_on", dir: "desc" },
    "retrieved_on asc": { field: "retrieved_on", dir: "asc" },
    "arrived_date desc": { field: "arrived_date", dir: "desc" },
    "arrived_date asc": { field: "arrived_date", dir: "asc" },
    "value desc": { field: "value", dir: "desc" },
    "value asc": { field: "value", dir: "asc" },
    "start_date asc": { field: "start_date", dir: "asc" },
    "start_date desc": { field: "start_date", dir: "desc" },
    "completion_date asc": { field: "completion_date", dir: "asc" },
    "completion_date desc": { field: "completion_date", dir: "desc" },
  },
  defaultSort: LEAD_DEFAULT_SORT,
  warmSorts: ["arrived_date desc", "arrived_date asc"],
  pageSize: 20,
  // Instants as ISO text made by the database (cheaper than Date objects made and formatted in JS).
  resultColumns: `t.id, t.title, t.category, t.is_ai, t.project_type, t.sector, t.status, t.stage, t.value, t.state, t.district,
    t.city, t.owner_name, ${iso("t.retrieved_on")} AS retrieved_on, ${iso("t.arrived_date")} AS arrived_date, t.start_date, t.completion_date`,
  exportColumns: [
    { header: "ID", key: "id", format: "number" },
    { header: "Title", key: "title" },
    { header: "Category", key: "category" },
    { header: "AI Lead", key: "is_ai", format: "boolean" },
    { header: "Project Type", key: "project_type", format: "list" },
    { header: "Sector", key: "sector" },
    { header: "Status", key: "status" },
    { header: "Stage", key: "stage" },
    { header: "Value (Rs)", key: "value", format: "number" },
    { header: "State", key: "state" },
    { header: "District", key: "district" },
    { header: "City", key: "city" },
    { header: "Owner", key: "owner_name" },
    { header: "Retrieved On", key: "retrieved_on", format: "datetime" },
    { header: "Arrived", key: "arrived_date", format: "datetime" },
    { header: "Start Date", key: "start_date", format: "date" },
    { header: "Completion Date", key: "completion_date", format: "date" },
    { header: "Mark", key: "mark" },
  ],
  personal: {
    hiddenIds: `SELECT project_id FROM marks WHERE user_id = :user AND mark = 'rejected'`,
    unlockedIds: `SELECT DISTINCT pc.project_id FROM unlocks_visible_to(:user) u JOIN project_contacts pc ON pc.contact_id = u.item_id
                   WHERE u.item_type = 'contact'`,
    mark: `coalesce((SELECT m.mark FROM marks m WHERE m.user_id = :user AND m.project_id = t.id), 'unmarked')`,
  },
};
