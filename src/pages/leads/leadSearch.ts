// The lead listers' search: the projects index of list/search/ (server/search/indexes/projects.ts)
// and the preset each route adds.
import { LEAD_DEFAULT_SORT } from "../../../common/constants";
import type { ListerConfig } from "../../components/search/config";

export type LeadListVariant = "construction" | "industrial" | "ai";

export const LEAD_PRESETS: Record<LeadListVariant, string[]> = {
  construction: ["category:construction"],
  industrial: ["category:industrial"],
  ai: ["is_ai:true"],
};

export const LEAD_LIST_TITLES: Record<LeadListVariant, string> = {
  construction: "Construction Projects",
  industrial: "Industrial Projects",
  ai: "AI Leads",
};

export const LEAD_LIST_PATHS: Record<LeadListVariant, string> = {
  construction: "/private-construction-leads",
  industrial: "/private-industrial-leads",
  ai: "/ai-leads",
};

export const leadListerConfig: ListerConfig = {
  resource: "leads",
  endpoint: "list/search/",
  exportEndpoint: "list/search/export/",
  noun: "leads",
  nounOne: "lead",
  searchPlaceholder: "Search projects, owners, places, keywords",
  facets: [
    { field: "state", label: "State" },
    { field: "district", label: "District" },
    { field: "city", label: "City" },
    { field: "sector", label: "Sector" },
    { field: "project_type", label: "Project type" },
    { field: "status", label: "Status" },
    { field: "stage", label: "Stage" },
    { field: "ownership", label: "Ownership" },
    { field: "source", label: "Source" },
  ],
  price: { field: "value", label: "Value" },
  dates: [
    { field: "retrieved_on", label: "Retrieved on" },
    { field: "arrived_date", label: "Arrived" },
    { field: "start_date", label: "Start date" },
    { field: "completion_date", label: "Completion date" },
  ],
  freshField: "retrieved_on",
  sorts: [
    { value: "", label: "Relevance" },
    { value: "retrieved_on desc", label: "Newest" },
    { value: "value desc", label: "Value: high to low" },
    { value: "value asc", label: "Value: low to high" },
  ],
  orderWithoutSearch: LEAD_DEFAULT_SORT,
  showUnlocked: true,
  searchAll: { label: "Search all (include rejected)", tag: "Including rejected" },
};
