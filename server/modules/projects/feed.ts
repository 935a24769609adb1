// The user's feed: leads matching every preference they set (statuses, sectors, states, value
// range; an unset preference does not narrow), newest arrived first, each saying why it matched.
// Tenders join the feed on the preferences they carry (state, value range: tenderFeedConditions,
// server/modules/tenders/feed.ts); statuses and sectors are about leads and do not apply to them.
import { LAKH, CRORE } from "../../../common/constants.js";
import type { Condition } from "../../search/index.js";

export interface FeedPreferences {
  preferred_proj_status: string[];
  preferred_sectors: string[];
  preferred_states: string[];
  preferred_min_value: number | null;
  preferred_max_value: number | null;
}

/** The preferences as the users row stores them (numeric columns may arrive as text). */
export function feedPreferencesOf(row: {
  preferred_proj_status: string[] | null;
  preferred_sectors: string[] | null;
  preferred_states: string[] | null;
  preferred_min_value: number | string | null;
  preferred_max_value: number | string | null;
}): FeedPreferences {
  return {
    preferred_proj_status: row.preferred_proj_status ?? [],
    preferred_sectors: row.preferred_sectors ?? [],
    preferred_states: row.preferred_states ?? [],
    preferred_min_value: row.preferred_min_value === null ? null : Number(row.preferred_min_value),
    preferred_max_value: row.preferred_max_value === null ? null : Number(row.preferred_max_value),
  };
}

const hasValueRange = (p: FeedPreferences) => p.preferred_min_value != null || p.preferred_max_value != null;

/** The preferences every item kind carries: state and value (both indexes name them state, value). */
function placeAndValueConditions(p: FeedPreferences): Condition[] {
  const base: Condition[] = [];
  if (p.preferred_states.length) base.push({ kind: "values", field: "state", values: p.preferred_states });
  if (hasValueRange(p)) base.push({ kind: "range", field: "value", min: p.preferred_min_value ?? null, max: p.preferred_max_value ?? null });
  return base;
}

export function feedConditions(p: FeedPreferences): Condition[] {
  const base: Condition[] = [];
  if (p.preferred_proj_status.length) base.push({ kind: "values", field: "status", values: p.preferred_proj_status });
  if (p.preferred_sectors.length) base.push({ kind: "values", field: "sector", values: p.preferred_sectors });
  return [...base, ...placeAndValueConditions(p)];
}

/** Tenders: preferred states and value range only (a tender has no project status or sector). */
export function tenderFeedConditions(p: FeedPreferences): Condition[] {
  return placeAndValueConditions(p);
}

/** '₹12.5 Cr', '₹40 L', '₹75,000' */
export function rupees(v: number): string {
  const trim = (x: number) => x.toFixed(2).replace(/\.?0+$/, "");
  if (v >= CRORE) return `₹${trim(v / CRORE)} Cr`;
  if (v >= LAKH) return `₹${trim(v / LAKH)} L`;
  return `₹${Math.round(v).toLocaleString("en-IN")}`;
}

function placeAndValueReasons(p: FeedPreferences, row: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (p.preferred_states.length && p.preferred_states.includes(row.state as string)) out.push(`state: ${row.state}`);
  if (hasValueRange(p) && typeof row.value === "number") out.push(`value: ${rupees(row.value)}`);
  return out;
}

/** Why a lead is in the feed: one reason per preference it satisfies. */
export function matchedReasons(p: FeedPreferences, row: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (p.preferred_proj_status.length && p.preferred_proj_status.includes(row.status as string)) out.push(`status: ${row.status}`);
  if (p.preferred_sectors.length && p.preferred_sectors.includes(row.sector as string)) out.push(`sector: ${row.sector}`);
  return [...out, ...placeAndValueReasons(p, row)];
}

/** Why a tender is in the feed: its state and value, when those preferences are set. */
export function tenderMatchedReasons(p: FeedPreferences, row: Record<string, unknown>): string[] {
  return placeAndValueReasons(p, row);
}
