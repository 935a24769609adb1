// Where to go after sign-in. Only same-site paths are accepted, so a crafted
// /login?redirect=https://evil.example link cannot send a user off-site.
import { SIGNED_IN_HOME } from "../../common/constants";

export function safeRedirect(target: string | null | undefined, fallback = SIGNED_IN_HOME): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (target.startsWith("/login") || target.startsWith("/signup") || target.startsWith("/forgot-password")) return fallback;
  return target;
}

/** The login URL that brings the user back to `pathAndQuery` afterwards. */
export function loginUrlFor(pathAndQuery: string): string {
  return `/login?redirect=${encodeURIComponent(pathAndQuery)}`;
}

export function currentPathAndQuery(): string {
  return window.location.pathname + window.location.search;
}

/** Full page loads (logout, expired session): one object so tests can observe them. */
export const hardNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Loads `url` afresh, and never settles: the full load replaces this page, so what started it (a
 * Cancel Impersonation that cannot go on in place) stays pending until then instead of acting on
 * the session it is leaving (Refine's useLogout would refresh the auth store, and a failing
 * refetch there signs out).
 */
export function leavePage(url: string): Promise<never> {
  hardNavigation.assign(url);
  return new Promise<never>(() => {});
}
