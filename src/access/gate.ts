// The access gating of spec section 4, in this order, all skipped for an impersonated session:
//   1. no preferred project statuses   → onboarding
//   2. no subscription end date        → 'Your signup has been recorded'
//   3. subscription end date has passed → 'User Subscription Expired'
// authProvider.check answers it; the signed-in layout shows or redirects accordingly.
import type { UserInfo } from "../../common/api";

export type GateDecision = "onboarding" | "signup-recorded" | "subscription-expired" | "open";

type GateUser = Pick<UserInfo, "preferred_proj_status" | "end_date" | "is_impersonated">;

export function decideGate(user: GateUser, now: Date = new Date()): GateDecision {
  if (user.is_impersonated) return "open";
  if (!user.preferred_proj_status || user.preferred_proj_status.length === 0) return "onboarding";
  if (!user.end_date) return "signup-recorded";
  // The subscription runs through its end date: it has expired once that day is over.
  const end = endOfDay(user.end_date);
  if (end && end < now.getTime()) return "subscription-expired";
  return "open";
}

/** The last moment of a date's day in local time ('YYYY-MM-DD' or an ISO time); null if unreadable. */
function endOfDay(date: string): number | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const start = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(date);
  if (Number.isNaN(start.getTime())) return null;
  start.setHours(23, 59, 59, 999);
  return start.getTime();
}

/** Where the gate sends a user: the route guard adds `?redirect=` with the page they asked for. */
export const ONBOARDING_PATH = "/onboarding";
