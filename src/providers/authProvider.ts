// Refine auth provider: sign-in (password, Google, Microsoft), signup, password reset, logout,
// the session check with the spec's gating, the identity, the 401/409 handling and impersonation
// (a staff member signs in as a user: login({provider: "impersonation"}); Cancel Impersonation is
// logout({cancelImpersonation: true})). Pages reach it through Refine's hooks (useLogin,
// useLogout, useGetIdentity, useIsAuthenticated); the signed-in layout
// (components/auth/GatedAppLayout) turns `check` into pages and redirects.
import type { AuthActionResponse, AuthProvider, CheckResponse } from "@refinedev/core";
import type { LoginRequest, SignupRequest, TokenResponse, UserInfo } from "../../common/api";
import { SIGNED_IN_HOME } from "../../common/constants";
import { decideGate, ONBOARDING_PATH } from "../access/gate";
import { signInWithGoogleCredential, signInWithMicrosoftResult, socialErrorMessage, type GoogleCredential, type MicrosoftResult } from "../lib/identity";
import { AFTER_CANCEL_PATH, AFTER_START_PATH, cancelImpersonation, forgetKeptStaffToken, getKeptStaffToken, startImpersonation, type CancelOutcome } from "../lib/identityImpersonation";
import { currentPathAndQuery, hardNavigation, leavePage, loginUrlFor, safeRedirect } from "../lib/redirect";
import { getToken, removeToken, setToken } from "../lib/token";
import { http, HttpError } from "./http";
import { clearSession, loadSession, loadSessionOrSignOut, type Identity } from "./session";

/** Sign in with username (or e-mail) and password; resolves with the session's user. */
export async function signIn(credentials: LoginRequest): Promise<UserInfo> {
  const { token } = await http.post<TokenResponse>("login/", credentials, { toast: false });
  forgetKeptStaffToken();
  setToken(token);
  clearSession();
  return loadSession(true);
}

export async function signUp(values: SignupRequest): Promise<void> {
  const { token } = await http.post<TokenResponse>("signup/", values, { toast: false });
  forgetKeptStaffToken();
  setToken(token);
  clearSession();
  await loadSession(true);
}

async function revokeCurrentToken(): Promise<void> {
  if (!getToken()) return;
  try {
    await http.post("logout/", undefined, { toast: false });
  } catch {
    // The token may already be revoked; signing out locally is what matters.
  }
}

/**
 * Revoke the token on the server (best effort: a dead token is fine), then forget it locally.
 * While impersonating, the staff member's own kept token is signed out too.
 */
export async function signOut(): Promise<void> {
  await revokeCurrentToken();
  const kept = getKeptStaffToken();
  forgetKeptStaffToken();
  if (kept) {
    setToken(kept);
    await revokeCurrentToken();
  }
  removeToken();
  clearSession();
}

// Refine's shape of an error (its HttpError's `errors`: the fields the server named, e.g. a
// signup's e-mail already registered), so a page can show them under its fields.
function asAuthError(error: unknown, message = error instanceof Error ? error.message : String(error)) {
  const errors = error instanceof HttpError ? error.errors : undefined;
  return { name: "Error", message, ...(errors ? { errors } : {}) };
}

/** What `login` takes: a password, a Google credential, a Microsoft popup's result, or (staff) a user to act as. */
export type LoginParams = { redirect?: string | null } & (
  | { provider?: undefined; username: string; password: string }
  | { provider: "google"; credential: GoogleCredential }
  | { provider: "microsoft"; result: MicrosoftResult }
  | { provider: "impersonation"; userId: string }
);

/** Signs in; resolves with where to go. */
async function loginWith(params: LoginParams): Promise<string> {
  if (params.provider === "impersonation") {
    await startImpersonation(params.userId);
    return AFTER_START_PATH;
  }
  if (params.provider === "google") await signInWithGoogleCredential(params.credential);
  else if (params.provider === "microsoft") await signInWithMicrosoftResult(params.result);
  else await signIn({ username: params.username.trim(), password: params.password });
  return safeRedirect(params.redirect);
}

/** What `logout` takes: Cancel Impersonation is a logout of the impersonation, back to the staff member. */
export type LogoutParams = { cancelImpersonation?: boolean };

/**
 * Cancel Impersonation: the server ends it, the kept staff token comes back and its user data is
 * refetched after 0.3 s, then the users admin opens (Refine's useLogout goes to `redirectTo`, then
 * refreshes the auth store). A refused cancel leaves the impersonation as it was; without a kept
 * staff token (another tab) there is no way back but signing in again; if the staff data did not
 * arrive, a full load of the users admin fetches it afresh (or signs out as usual).
 */
async function backToStaff(): Promise<AuthActionResponse> {
  let outcome: CancelOutcome;
  try {
    outcome = await cancelImpersonation();
  } catch (error) {
    return { success: false, error: asAuthError(error) }; // the HTTP layer's words, under the same toast
  }
  if (outcome.restored && outcome.session) return { success: true, redirectTo: AFTER_CANCEL_PATH };
  if (!outcome.restored) {
    removeToken();
    clearSession();
  }
  return leavePage(outcome.restored ? AFTER_CANCEL_PATH : "/login");
}

/** The gate's answer as Refine's check: onboarding is a redirect, the two blocked states are pages. */
export function gateCheck(user: UserInfo): CheckResponse {
  switch (decideGate(user)) {
    case "onboarding":
      return { authenticated: false, redirectTo: ONBOARDING_PATH, error: { name: "onboarding", message: "Choose the project statuses to follow" } };
    case "signup-recorded":
      return { authenticated: false, error: { name: "signup-recorded", message: "Your signup has been recorded" } };
    case "subscription-expired":
      return { authenticated: false, error: { name: "subscription-expired", message: "User Subscription Expired" } };
    default:
      return { authenticated: true };
  }
}

export const authProvider: AuthProvider = {
  login: async (params: LoginParams): Promise<AuthActionResponse> => {
    try {
      return { success: true, redirectTo: await loginWith(params) };
    } catch (error) {
      // Social sign-in and the HTTP layer have shown their toast; the same words here replace it.
      const message = params.provider === "google" || params.provider === "microsoft" ? socialErrorMessage(error) : undefined;
      return { success: false, error: asAuthError(error, message) };
    }
  },

  register: async (params: SignupRequest) => {
    try {
      await signUp(params);
      return { success: true, redirectTo: ONBOARDING_PATH };
    } catch (error) {
      return { success: false, error: asAuthError(error) };
    }
  },

  forgotPassword: async ({ email }: { email: string }) => {
    try {
      await http.post("forgot-password/", { email }, { toast: false });
      return { success: true };
    } catch (error) {
      return { success: false, error: asAuthError(error) };
    }
  },

  updatePassword: async ({ token, password }: { token: string; password: string }) => {
    try {
      await http.post("reset-password/", { token, password }, { toast: false });
      return { success: true, redirectTo: "/login" };
    } catch (error) {
      return { success: false, error: asAuthError(error) };
    }
  },

  /**
   * Sign out, then load /login?redirect={the page}: a full load (not a route change) drops every
   * cached query of the session, so nothing answers Refine with a redirect of its own.
   */
  logout: async (params?: LogoutParams) => {
    if (params?.cancelImpersonation) return backToStaff();
    const here = currentPathAndQuery();
    await signOut();
    hardNavigation.assign(loginUrlFor(here));
    return { success: true };
  },

  /**
   * Signed in (the session, fetched once per token; a failed fetch signs out) and through the
   * gate. The redirects are bare paths: the route guard adds the page asked for as `redirect`.
   */
  check: async () => {
    if (!getToken()) return { authenticated: false, redirectTo: "/login" };
    try {
      return gateCheck(await loadSessionOrSignOut());
    } catch (error) {
      return { authenticated: false, logout: true, redirectTo: "/login", error: asAuthError(error) };
    }
  },

  /**
   * The signed-in user with their preferences (session.ts Identity; null when signed out or when
   * the session cannot be fetched, which signs out). Pages read it with useGetIdentity<Identity>().
   */
  getIdentity: async (): Promise<Identity | null> => {
    if (!getToken()) return null;
    try {
      return await loadSessionOrSignOut();
    } catch {
      return null;
    }
  },

  /** The user's CASL rules (common/ability.ts), the ones the server enforces; loaded when first asked. */
  getPermissions: async () => {
    if (!getToken()) return null;
    try {
      const user = await loadSession();
      const { defineAbilityFor } = await import("../../common/ability");
      return defineAbilityFor(user).rules;
    } catch {
      return null;
    }
  },

  /**
   * Spec: a 401 on any call, or a 409 'User logged in another browser or invalid token', shows
   * 'You are unauthorized, Redirecting to login page' and logs out after 0.5 s. The HTTP layer
   * (http.ts) shows that message and schedules that logout for every call, Refine's or not; here
   * Refine only learns that the session is over, so it does not log out a second time at once.
   */
  onError: async (error: unknown) => {
    if (error instanceof HttpError && error.kind === "unauthorized") return { error };
    return {};
  },
};

export { SIGNED_IN_HOME };
