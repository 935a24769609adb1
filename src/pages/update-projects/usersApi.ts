// The users admin resource (staff), user/users on the REST provider: list and search, one user
// with the credit ledger, subscription and enable/disable (PATCH), credit grants, staff
// grant/revoke. Every write answers the user as it now is, and refreshes the lists.
import { useCustomMutation, useInvalidate, useList, useOne, useUpdate } from "@refinedev/core";
import dayjs from "dayjs";

export const USERS = "user/users";
const REST = "rest";
/** Failures are toasted by the HTTP layer; the drawer shows its own success texts. */
const QUIET = { errorNotification: false, successNotification: false } as const;

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
  /** The team whose pool the credits above are; null: the user's own. */
  team_name: string | null;
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

export interface UsersQuery {
  q?: string;
  page?: number;
  status?: UserStatus | "";
}

/**
 * A page of users (25, the server's size). `enabled` false asks nothing (a search too short);
 * `keepPrevious` keeps the rows shown while the next page loads.
 */
export function useUsers(params: UsersQuery, { enabled = true, keepPrevious = false } = {}) {
  return useList<AdminUser>({
    resource: USERS,
    dataProviderName: REST,
    meta: { query: { q: params.q?.trim() || undefined, page: params.page ?? 1, status: params.status || undefined } },
    errorNotification: false,
    queryOptions: { enabled, placeholderData: keepPrevious ? (previous) => previous : undefined },
  });
}

export function useUserDetail(id: number | null) {
  return useOne<AdminUserDetail>({ resource: USERS, dataProviderName: REST, id: id ?? "", errorNotification: false, queryOptions: { enabled: id !== null } });
}

/** The staff actions on one user; each resolves to the user as the server now has them. */
export function useUserActions() {
  const invalidate = useInvalidate();
  const { mutateAsync: update } = useUpdate<AdminUserDetail>({ resource: USERS, dataProviderName: REST, ...QUIET, invalidates: ["list"] });
  const { mutateAsync: custom } = useCustomMutation<AdminUserDetail>();
  // No values: the request has no body at all (PUT/DELETE staff/).
  const call = async (method: "post" | "put" | "delete", url: string, values?: object) => {
    const { data } = await custom({ url, method, values: values as object, dataProviderName: REST, ...QUIET });
    await invalidate({ resource: USERS, dataProviderName: REST, invalidates: ["list"] });
    return data;
  };
  const patch = (id: number, values: Partial<AdminUser>) => update({ id, values }).then(({ data }) => data);
  return {
    setEndDate: (id: number, endDate: string) => patch(id, { end_date: endDate }),
    setActive: (id: number, active: boolean) => patch(id, { is_active: active }),
    grantCredits: (id: number, amount: number, note?: string) => call("post", `user/users/${id}/credits/`, note?.trim() ? { amount, note: note.trim() } : { amount }),
    grantStaff: (id: number) => call("put", `user/users/${id}/staff/`),
    revokeStaff: (id: number) => call("delete", `user/users/${id}/staff/`),
  };
}

/** Ending a subscription: it ran through yesterday (one ending today is still current). */
export const endedEndDate = (today = dayjs()) => today.subtract(1, "day").format("YYYY-MM-DD");

/** Extending: from the later of today and the current end date. */
export function extendedEndDate(current: string | null, months: number, today = dayjs()): string {
  const from = current && dayjs(current).isAfter(today, "day") ? dayjs(current) : today;
  return from.add(months, "month").format("YYYY-MM-DD");
}

export const fullName = (u: Pick<AdminUser, "first_name" | "last_name">) => [u.first_name, u.last_name].filter((s) => s?.trim()).join(" ");
