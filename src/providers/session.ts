// The signed-in session: user info and preferences, fetched once per token at start
// (spec section 4) and again when something changes them (profile, onboarding,
// impersonation). Auth checks reuse the same promise instead of refetching per route.
import type { UserInfo, UserPreferences } from "../../common/api";
import { pageIsLeaving } from "../lib/pageLifecycle";
import { getToken, removeToken, setRememberedEmail } from "../lib/token";
import { http } from "./http";

export interface Session {
  user: UserInfo;
  preferences: UserPreferences;
}

let cached: { token: string; promise: Promise<Session> } | null = null;

async function fetchSession(): Promise<Session> {
  const [user, preferences] = await Promise.all([
    http.get<UserInfo>("user-info/"),
    http.get<UserPreferences>("user-preferences/"),
  ]);
  // The remembered e-mail is the real signed-in person's, not that of the subscriber a staff
  // member is impersonating.
  if (user?.email && !user.is_impersonated) setRememberedEmail(user.email);
  return { user, preferences };
}

/** The session for the stored token; `force` refetches. Rejects when there is no token or a fetch fails. */
export function loadSession(force = false): Promise<Session> {
  const token = getToken();
  if (!token) return Promise.reject(new Error("Not signed in"));
  if (!force && cached?.token === token) return cached.promise;
  const promise = fetchSession();
  cached = { token, promise };
  promise.catch(() => {
    if (cached?.promise === promise) cached = null;
  });
  return promise;
}

/** The stored token's session if it has already arrived (a hook's first render needs no fetch then). */
let last: { token: string; session: Session } | null = null;
export function currentSession(): Session | null {
  return last && last.token === getToken() ? last.session : null;
}

export async function loadSessionAndRemember(force = false): Promise<Session> {
  const token = getToken();
  const session = await loadSession(force);
  if (token && token === getToken()) last = { token, session };
  return session;
}

/**
 * The session, remembered; when it cannot be fetched the user is signed out (spec section 4:
 * "If fetching fails, the user is logged out") — unless the page is being left: the browser
 * cancels the fetch then, and the next page, which fetches the session again, must still find
 * the token (a user who typed another address mid-load was signed out).
 */
export async function loadSessionOrSignOut(): Promise<Session> {
  try {
    return await loadSessionAndRemember();
  } catch (error) {
    if (!pageIsLeaving()) {
      removeToken();
      clearSession();
    }
    throw error;
  }
}

export function clearSession(): void {
  cached = null;
  last = null;
}
