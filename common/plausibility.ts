// When a published amount of a result (a contract value, a winning bid) cannot be the whole
// amount it claims to be. Portals' clerks type these by hand: a per-unit rate where the total
// should be, paise for rupees, a lakh/crore slip. Such an amount is shown flagged with its
// reasons, never as fact. One rule for the server (result detail) and the web app (its labels).
//
//   below_minimum   under ₹1,000 (or not positive): no works or supply contract is that small.
//   per_unit_rate   at least 1,000× below the tender's estimate: the size of a rate per unit or
//                   item (₹466.50 per cum against a ₹4.4 crore estimate), not a total.
//   off_estimate    100× or more above the estimate, or 100× or more below it (and not already
//                   a per-unit rate): a slip of two or more digits, or a figure of another tender.
// A missing amount has no flags; without an estimate only below_minimum can apply.

export const PLAUSIBILITY_REASONS = ["below_minimum", "per_unit_rate", "off_estimate"] as const;
export type PlausibilityReason = (typeof PLAUSIBILITY_REASONS)[number];

/** Rupees under which an amount is not a contract's or a bid's total. */
export const MIN_PLAUSIBLE_RUPEES = 1_000;
/** How many times off the estimate an amount may be before it is flagged. */
export const ESTIMATE_FACTOR = 100;
/** How many times below the estimate an amount reads as a per-unit rate. */
export const PER_UNIT_FACTOR = 1_000;

/** What the web app shows beside a flagged amount. */
export const PLAUSIBILITY_TEXT: Record<PlausibilityReason, string> = {
  below_minimum: "Under ₹1,000: not a plausible total",
  per_unit_rate: "Looks like a per-unit rate, not a total (1,000× below the estimate)",
  off_estimate: "100× or more off the estimate",
};

/** The reasons an amount is implausible (empty when it is plausible or unknown). */
export function implausibleReasons(amount: number | null | undefined, estimate: number | null | undefined): PlausibilityReason[] {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return [];
  const reasons: PlausibilityReason[] = [];
  if (amount < MIN_PLAUSIBLE_RUPEES) reasons.push("below_minimum");
  if (estimate !== null && estimate !== undefined && Number.isFinite(estimate) && estimate > 0 && amount > 0) {
    if (amount * PER_UNIT_FACTOR <= estimate) reasons.push("per_unit_rate");
    else if (amount * ESTIMATE_FACTOR <= estimate || amount >= estimate * ESTIMATE_FACTOR) reasons.push("off_estimate");
  }
  return reasons;
}
