// The access gating of spec section 4, in this order, all skipped for an impersonated session:
//   1. no preferred project statuses   → onboarding
//   2. no subscription end date        → 'Your signup has been recorded'
//   3. subscription end date has passed → 'User Subscription Expired'
import dayjs from "dayjs";
import type { UserInfo } from "../../common/api";
import { isStaffEmail } from "../../common/constants";
import { getRememberedEmail } from "../lib/token";

export type GateDecision = "onboarding" | "signup-recorded" | "subscription-expired" | "open";

type GateUser = Pick<UserInfo, "preferred_proj_status" | "end_date" | "is_impersonated">;

export function decideGate(user: GateUser, now: Date = new Date()): GateDecision {
  if (user.is_impersonated) return "open";
  if (!user.preferred_proj_status || user.preferred_proj_status.length === 0) return "onboarding";
  if (!user.end_date) return "signup-recorded";
  // The subscription runs through its end date: it has expired once that day is over.
  const end = dayjs(user.end_date);
  if (end.isValid() && end.endOf("day").isBefore(dayjs(now))) return "subscription-expired";
  return "open";
}

/** Staff see the project-update area: the server says so and the remembered e-mail is on a staff domain. */
export function showsStaffArea(isStaff: boolean): boolean {
  return isStaff && isStaffEmail(getRememberedEmail());
}
