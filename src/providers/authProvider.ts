// Refine auth provider: the token, sign-in, signup, password reset, logout and the
// session check. The gating order (onboarding → signup recorded → subscription expired)
// is decided from the identity in components/auth/Gate.tsx.
import type { AuthProvider } from "@refinedev/core";
import type { LoginRequest, SignupRequest, TokenResponse, UserInfo } from "../../common/api";
import { SIGNED_IN_HOME } from "../../common/constants";
import { currentPathAndQuery, loginUrlFor, safeRedirect } from "../lib/redirect";
import { forgetKeptStaffToken, getKeptStaffToken } from "../lib/identityImpersonation";
import { getToken, removeToken, setToken } from "../lib/token";
import { http, HttpError } from "./http";
import { clearSession, loadSessionAndRemember, loadSessionOrSignOut } from "./session";

/** Sign in with username (or e-mail) and password; resolves with the session's user. */
export async function signIn(credentials: LoginRequest): Promise<UserInfo> {
  const { token } = await http.post<TokenResponse>("login/", credentials, { toast: false });
  forgetKeptStaffToken();
  setToken(token);
  clearSession();
  const { user } = await loadSessionAndRemember(true);
  return user;
}

export async function signUp(values: SignupRequest): Promise<void> {
  const { token } = await http.post<TokenResponse>("signup/", values, { toast: false });
  forgetKeptStaffToken();
  setToken(token);
  clearSession();
  await loadSessionAndRemember(true);
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

function asAuthError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return { name: "Error", message };
}

export const authProvider: AuthProvider = {
  login: async (params: LoginRequest & { redirect?: string }) => {
    try {
      await signIn({ username: params.username, password: params.password });
      return { success: true, redirectTo: safeRedirect(params.redirect) };
    } catch (error) {
      return { success: false, error: asAuthError(error) };
    }
  },

  register: async (params: SignupRequest) => {
    try {
      await signUp(params);
      return { success: true, redirectTo: "/onboarding" };
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

  logout: async () => {
    const here = currentPathAndQuery();
    await signOut();
    return { success: true, redirectTo: loginUrlFor(here) };
  },

  check: async () => {
    if (!getToken()) return { authenticated: false, redirectTo: "/login" };
    try {
      await loadSessionOrSignOut();
      return { authenticated: true };
    } catch (error) {
      return { authenticated: false, logout: true, redirectTo: "/login", error: asAuthError(error) };
    }
  },

  getIdentity: async () => {
    if (!getToken()) return null;
    try {
      return (await loadSessionAndRemember()).user;
    } catch {
      return null;
    }
  },

  getPermissions: async () => {
    if (!getToken()) return null;
    try {
      return (await loadSessionAndRemember()).user.is_staff ? ["staff"] : [];
    } catch {
      return null;
    }
  },

  // The HTTP layer already shows the message and schedules the logout for 401/409.
  onError: async (error: unknown) => {
    if (error instanceof HttpError && error.kind === "unauthorized") return { error };
    return {};
  },
};

export { SIGNED_IN_HOME };
