// The listers the side menu leads to: for each path, its search (config and preset) and its
// page's code. Loaded on the first menu hover (prefetch.ts), so the signed-in shell does not
// carry the listers' configurations.
import { builderListerConfig } from "../../pages/builders/builderSearch";
import { LEAD_PRESETS, leadListerConfig } from "../../pages/leads/leadSearch";
import { RESULT_PRESET, resultListerConfig, tenderListerConfig } from "../../pages/tenders/tenderSearch";
import type { ListerConfig } from "./config";

export interface ListerRoute {
  config: ListerConfig;
  preset?: string[];
  /** The page's module, as src/pages.ts loads it (the same chunk). */
  load: () => Promise<unknown>;
}

const leadList = () => import("../../pages/leads/LeadListPage");
const newLeadList = () => import("../../pages/leads/NewLeadListPage");

export const LISTER_ROUTES: Record<string, ListerRoute> = {
  "/private-construction-leads": { config: leadListerConfig, preset: LEAD_PRESETS.construction, load: leadList },
  "/private-industrial-leads": { config: leadListerConfig, preset: LEAD_PRESETS.industrial, load: leadList },
  "/ai-leads": { config: leadListerConfig, preset: LEAD_PRESETS.ai, load: leadList },
  "/private-construction-leads-new": { config: leadListerConfig, preset: LEAD_PRESETS.construction, load: newLeadList },
  "/private-industrial-leads-new": { config: leadListerConfig, preset: LEAD_PRESETS.industrial, load: newLeadList },
  "/live-tenders": { config: tenderListerConfig, load: () => import("../../pages/tenders/TenderListPage") },
  "/results": { config: resultListerConfig, preset: RESULT_PRESET, load: () => import("../../pages/results/ResultListPage") },
  "/builders": { config: builderListerConfig, load: () => import("../../pages/builders/BuilderListPage") },
};
