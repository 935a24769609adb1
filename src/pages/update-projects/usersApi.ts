// The users admin API (staff): user/users/ list and search, one user with the credit ledger,
// subscription and enable/disable (PATCH), credit grants, staff grant/revoke. All through the one HTTP layer.
import dayjs from "dayjs";
import { http } from "../../providers/http";

export const USER_STATUSES = ["active", "expired", "signup", "disabled"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: "Active",
  expired: "Expired",
  signup: "Signup recorded",
  disabled: "Disabled",
};
export const USER_STATUS_COLORS: Record<UserStatus, string> = { active: "green", expired: "orange", signup: "blue", disabled: "default" };
export const USERS_PAGE_SIZE = 25;
export const MAX_GRANT = 1_000_000;

export interface AdminUser {
  id: number;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  company: string | null;
  designation: string | null;
  end_date: string | null;
  status: UserStatus;
  is_active: boolean;
  is_staff: boolean;
  /** The current address is proven (mailed link, or Google/Microsoft vouched for it). */
  email_verified: boolean;
  /** Staff powers granted to the current address: they apply once it is verified (is_staff). */
  staff_granted: boolean;
  signup_source: string;
  total_credits: number;
  spent_credits: number;
  remaining_credits: number;
  created_at: string;
  last_login_at: string | null;
  last_seen_at: string | null;
}

export interface LedgerEntry {
  id: number;
  delta: number;
  kind: string;
  note: string | null;
  actor_id: number | null;
  actor_email: string | null;
  created_at: string;
}

export type AdminUserDetail = AdminUser & { credit_ledger: LedgerEntry[] };

export interface UsersPage {
  count: number;
  page: number;
  page_size: number;
  results: AdminUser[];
}

export const usersApi = {
  list: (params: { q?: string; page?: number; status?: UserStatus | "" }, signal?: AbortSignal) =>
    http.get<UsersPage>("user/users/", { query: { q: params.q?.trim() || undefined, page: params.page ?? 1, status: params.status || undefined }, signal }),
  get: (id: number, signal?: AbortSignal) => http.get<AdminUserDetail>(`user/users/${id}/`, { signal }),
  setEndDate: (id: number, endDate: string) => http.patch<AdminUserDetail>(`user/users/${id}/`, { end_date: endDate }),
  setActive: (id: number, active: boolean) => http.patch<AdminUserDetail>(`user/users/${id}/`, { is_active: active }),
  grantCredits: (id: number, amount: number, note?: string) =>
    http.post<AdminUserDetail>(`user/users/${id}/credits/`, note?.trim() ? { amount, note: note.trim() } : { amount }),
  grantStaff: (id: number) => http.put<AdminUserDetail>(`user/users/${id}/staff/`),
  revokeStaff: (id: number) => http.delete<AdminUserDetail>(`user/users/${id}/staff/`),
};

/** Ending a subscription: it ran through yesterday (one ending today is still current). */
export const endedEndDate = (today = dayjs()) => today.subtract(1, "day").format("YYYY-MM-DD");

/** Extending: from the later of today and the current end date. */
export function extendedEndDate(current: string | null, months: number, today = dayjs()): string {
  const from = current && dayjs(current).isAfter(today, "day") ? dayjs(current) : today;
  return from.add(months, "month").format("YYYY-MM-DD");
}

export const fullName = (u: Pick<AdminUser, "first_name" | "last_name">) => [u.first_name, u.last_name].filter((s) => s?.trim()).join(" ");
