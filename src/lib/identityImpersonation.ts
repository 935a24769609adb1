// Staff impersonation in the browser.
//   start:  GET impersonate/{id}/ → {token, user}. The staff member's own token is kept aside in
//           sessionStorage (this tab only) and the impersonation token becomes the token.
//   cancel: GET cancel-impersonate/ with the impersonation token (the server revokes it and does
//           not answer a staff token), then the kept staff token is restored and the user data
//           is refetched after IMPERSONATION_REFETCH_DELAY_MS (spec: 0.3 s).
// Without a kept staff token (another tab, storage cleared) there is no way back: sign out.
import type { UserInfo } from "../../common/api";
import { IMPERSONATION_REFETCH_DELAY_MS } from "../../common/constants";
import { http } from "../providers/http";
import { clearSession, refreshIdentity, type Identity } from "../providers/session";
import { getToken, setToken } from "./token";

export const STAFF_TOKEN_KEY = "infrascout_staff_token";
export const AFTER_CANCEL_PATH = "/update-projects?tab=users";
export const AFTER_START_PATH = "/dashboard";

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export const getKeptStaffToken = (): string | null => tabStorage()?.getItem(STAFF_TOKEN_KEY) ?? null;
export const forgetKeptStaffToken = (): void => tabStorage()?.removeItem(STAFF_TOKEN_KEY);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts impersonating user `id`; resolves with the impersonated session. Errors are toasted by the HTTP layer. */
export async function startImpersonation(id: number | string): Promise<Identity> {
  const staffToken = getToken();
  if (!staffToken) throw new Error("Not signed in");
  const response = await http.get<{ token: string; user: UserInfo }>(`impersonate/${encodeURIComponent(String(id))}/`);
  if (!response || typeof response.token !== "string") throw new Error("The server did not answer an impersonation token.");
  // Starting again while impersonating is refused by the server; keep the first staff token anyway.
  if (!getKeptStaffToken()) tabStorage()?.setItem(STAFF_TOKEN_KEY, staffToken);
  setToken(response.token);
  clearSession();
  return refreshIdentity();
}

/** `session: null`: the staff token is back but its user data could not be fetched just now. */
export type CancelOutcome = { restored: true; session: Identity | null } | { restored: false };

/**
 * Ends the impersonation and returns to the kept staff token. `restored: false` when no staff
 * token was kept: the caller signs out. A failing cancel call (the HTTP layer shows it) rejects
 * and leaves the impersonation as it was. Once the server has ended it there is no going back:
 * a failing refetch resolves with `session: null` rather than rejecting, so the caller never
 * mistakes it for a refused cancel and leaves the staff member on the ended impersonation.
 */
export async function cancelImpersonation(delayMs = IMPERSONATION_REFETCH_DELAY_MS): Promise<CancelOutcome> {
  await http.get("cancel-impersonate/");
  const staffToken = getKeptStaffToken();
  forgetKeptStaffToken();
  if (!staffToken) return { restored: false };
  setToken(staffToken);
  clearSession();
  await wait(delayMs);
  return { restored: true, session: await refreshIdentity().catch(() => null) };
}
