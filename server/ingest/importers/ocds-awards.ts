// OCDS awards and contracts → our winners and contract (ocds.ts maps the rest of a compiled
// release). Amounts in another currency are converted by --fx, else left empty with a warning.
import type { ImporterContext, WinnerInput } from "./model.js";
import { amount, date, text } from "./values.js";
import { normalizeCompanyName } from "../../modules/companies/normalize.js";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export const partyName = (ref: unknown) => (isObj(ref) ? text(ref.name) : null);

export function money(v: unknown, what: string, ctx: Pick<ImporterContext, "fx" | "warn">, ocid: string): number | null {
  if (!isObj(v) || v.amount === undefined || v.amount === null) return null;
  const cur = typeof v.currency === "string" ? v.currency.toUpperCase() : "INR";
  const n = amount(v.amount, what);
  if (n === null) return null;
  if (cur === "INR") return n;
  const rate = ctx.fx[cur];
  if (rate) return Math.round(n * rate * 100) / 100;
  ctx.warn(null, `${ocid}: ${what} ${n} ${cur} is not in rupees and no --fx ${cur}=RATE was given: left empty`);
  return null;
}

/** The bids extension's bid of each tenderer, by normalised name. */
function bidsByTenderer(c: Obj, ctx: Pick<ImporterContext, "fx" | "warn">, ocid: string): Map<string, number | null> {
  const out = new Map<string, number | null>();
  const details: Obj[] = isObj(c.bids) && Array.isArray(c.bids.details) ? c.bids.details.filter(isObj) : [];
  for (const d of details) {
    for (const t of Array.isArray(d.tenderers) ? d.tenderers : []) {
      const name = partyName(t);
      if (name && !out.has(normalizeCompanyName(name))) out.set(normalizeCompanyName(name), money(d.value, "bid value", ctx, ocid));
    }
  }
  return out;
}

/**
 * Every supplier of every active award (lots), in published order, each with its own value: its
 * bid (bids extension) when it has one, else its award's value when it is the award's only
 * supplier; the suppliers of a joint award share one value, which is not split (left empty).
 */
export function awardWinners(c: Obj, active: Obj[], loud: ImporterContext, ocid: string): WinnerInput[] {
  // The same amounts are read (and warned about) for award_value and the bidders.
  const ctx = { fx: loud.fx, warn: () => {} };
  const bids = bidsByTenderer(c, ctx, ocid);
  const out: WinnerInput[] = [];
  for (const a of active) {
    const names = (Array.isArray(a.suppliers) ? a.suppliers.map(partyName) : []).filter((n: string | null): n is string => !!n);
    const awardValue = money(a.value, "award value", ctx, ocid);
    for (const name of names) {
      const bid = bids.get(normalizeCompanyName(name));
      out.push({ name, bid_value: bid ?? (names.length === 1 ? awardValue : null), award_ref: text(a.id), award_value: awardValue });
    }
  }
  return out;
}

/** contracts[] signed (active or terminated): their values added up, and the latest dateSigned. */
export function signedContracts(c: Obj, ctx: ImporterContext, ocid: string): { contract_value: number | null; contract_date: Date | null } {
  const signed = (Array.isArray(c.contracts) ? c.contracts.filter(isObj) : []).filter((k: Obj) => k.status === "active" || k.status === "terminated");
  const values = signed.map((k: Obj) => money(k.value, "contract value", ctx, ocid)).filter((v: number | null): v is number => v !== null);
  const dates = signed.map((k: Obj) => date(k.dateSigned, "contract dateSigned")).filter((d: Date | null): d is Date => d !== null);
  return {
    contract_value: values.length ? Math.round(values.reduce((s: number, v: number) => s + v, 0) * 100) / 100 : null,
    contract_date: dates.length ? new Date(Math.max(...dates.map((d: Date) => d.getTime()))) : null,
  };
}
