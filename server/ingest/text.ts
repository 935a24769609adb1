// Small text helpers for the demo data.

/** 1234567 → '12,34,567' (Indian digit grouping). */
export function indianNumber(n: number): string {
  const s = String(Math.round(n));
  if (s.length <= 3) return s;
  const last3 = s.slice(-3);
  const rest = s.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  return rest + "," + last3;
}

/** Rupees in words a researcher would write: '₹45 lakh', '₹1,250 crore'. */
export function rupeesShort(v: number): string {
  if (v >= 1e7) return `₹${indianNumber(Math.round(v / 1e7))} crore`;
  return `₹${indianNumber(Math.round(v / 1e5))} lakh`;
}

/** Rounds a rupee value the way published estimates are rounded. */
export function roundValue(v: number): number {
  if (v < 1e7) return Math.max(1e6, Math.round(v / 50_000) * 50_000); // below 1 crore: to half a lakh
  if (v < 1e9) return Math.round(v / 1e6) * 1e6; // below 100 crore: to 10 lakh
  return Math.round(v / 1e7) * 1e7; // above: to the crore
}

export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

export function slug(s: string): string {
  return s.toLowerCase().replace(/&/g, "and").replace(/[^a-z0-9]+/g, "");
}

export const DAY = 86_400_000;

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY);
}

export function iso(d: Date): string {
  return d.toISOString();
}

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Today at 00:00 UTC. */
export function todayUtc(): Date {
  const n = new Date();
  return new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate()));
}
