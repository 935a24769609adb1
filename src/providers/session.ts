// The signed-in session: user info and preferences, fetched once per token at start
// (spec section 4) and again when something changes them (profile, onboarding, impersonation,
// a spend). Auth checks reuse the same promise instead of refetching per route. Pages read it as
// Refine's identity (useGetIdentity<Identity>, authProvider.getIdentity). A refetch that replaces
// the person or their data in place (impersonation, its end, a profile save) is written there at
// once (refreshIdentity, identityStore). A sign-in is not: Refine's login opens the destination
// first, then refreshes its identity (shown earlier, the sign-in page's guard would redirect to
// the home page instead).
import type { UserInfo, UserPreferences } from "../../common/api";
import { pageIsLeaving } from "../lib/pageLifecycle";
import { getToken, removeToken, setRememberedEmail } from "../lib/token";
import { http } from "./http";
import { showIdentity } from "./identityStore";

/**
 * Who is signed in, as pages see it: the user info with the preferences (and their option lists).
 * Web only: the server answers the two separately.
 */
export interface Identity extends UserInfo {
  preferences: UserPreferences;
}

let cached: { token: string; promise: Promise<Identity> } | null = null;

async function fetchSession(): Promise<Identity> {
  const [user, preferences] = await Promise.all([
    http.get<UserInfo>("user-info/"),
    http.get<UserPreferences>("user-preferences/"),
  ]);
  // The remembered e-mail is the real signed-in person's, not that of the subscriber a staff
  // member is impersonating.
  if (user?.email && !user.is_impersonated) setRememberedEmail(user.email);
  return { ...user, preferences };
}

/** The session for the stored token; `force` refetches. Rejects when there is no token or a fetch fails. */
export function loadSession(force = false): Promise<Identity> {
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

/** Refetches the session and shows it as Refine's identity, if its token is still the one in use when it arrives. */
export async function refreshIdentity(): Promise<Identity> {
  const token = getToken();
  const identity = await loadSession(true);
  if (token && token === getToken()) showIdentity(identity);
  return identity;
}

/**
 * The session; when it cannot be fetched the user is signed out (spec section 4:
 * "If fetching fails, the user is logged out") — unless the page is being left: the browser
 * cancels the fetch then, and the next page, which fetches the session again, must still find
 * the token (a user who typed another address mid-load was signed out).
 */
export async function loadSessionOrSignOut(): Promise<Identity> {
  try {
    return await loadSession();
  } catch (error) {
    if (!pageIsLeaving()) {
      removeToken();
      clearSession();
      showIdentity(null); // signed out: nobody's data stays on screen
    }
    throw error;
  }
}

/**
 * Forget the token's session (the token changed or is gone). Refine's identity keeps showing the
 * last person until the next session is loaded and replaces it: emptying it would sign the
 * layout out (a redirect to /login) while, say, Cancel Impersonation waits for the staff data.
 */
export function clearSession(): void {
  cached = null;
}
