// The user's feed: leads matching every preference they set (statuses, sectors, states, value
// range; an unset preference does not narrow), newest arrived first, each saying why it matched.
import { LAKH, CRORE } from "../../../common/constants.js";
import type { Condition } from "../../search/index.js";

export interface FeedPreferences {
  preferred_proj_status: string[];
  preferred_sectors: string[];
  preferred_states: string[];
  preferred_min_value: number | null;
  preferred_max_value: number | null;
}

export function feedConditions(p: FeedPreferences): Condition[] {
  const base: Condition[] = [];
  if (p.preferred_proj_status.length) base.push({ kind: "values", field: "status", values: p.preferred_proj_status });
  if (p.preferred_sectors.length) base.push({ kind: "values", field: "sector", values: p.preferred_sectors });
  if (p.preferred_states.length) base.push({ kind: "values", field: "state", values: p.preferred_states });
  const min = p.preferred_min_value ?? null;
  const max = p.preferred_max_value ?? null;
  if (min !== null || max !== null) base.push({ kind: "range", field: "value", min, max });
  return base;
}

/** '₹12.5 Cr', '₹40 L', '₹75,000' */
export function rupees(v: number): string {
  const trim = (x: number) => x.toFixed(2).replace(/\.?0+$/, "");
  if (v >= CRORE) return `₹${trim(v / CRORE)} Cr`;
  if (v >= LAKH) return `₹${trim(v / LAKH)} L`;
  return `₹${Math.round(v).toLocaleString("en-IN")}`;
}

/** Why a lead is in the feed: one reason per preference it satisfies. */
export function matchedReasons(p: FeedPreferences, row: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (p.preferred_proj_status.length && p.preferred_proj_status.includes(row.status as string)) out.push(`status: ${row.status}`);
  if (p.preferred_sectors.length && p.preferred_sectors.includes(row.sector as string)) out.push(`sector: ${row.sector}`);
  if (p.preferred_states.length && p.preferred_states.includes(row.state as string)) out.push(`state: ${row.state}`);
  if ((p.preferred_min_value != null || p.preferred_max_value != null) && typeof row.value === "number") {
    out.push(`value: ${rupees(row.value)}`);
  }
  return out;
}
