// Route guards over the authProvider (Refine's useGetIdentity). Signed-out users on a signed-in
// route go to /login?redirect=<path and query>; signed-in users on /login, /signup,
// /forgot-password go to the construction leads.
import { useGetIdentity } from "@refinedev/core";
import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { SIGNED_IN_HOME } from "../../../common/constants";
import { loginUrlFor } from "../../lib/redirect";
import { getToken } from "../../lib/token";
import type { Identity } from "../../providers/session";
import { FullPageSpinner } from "./FullPageSpinner";

/** The pages a shared link may open: a tender, its brief, a result. */
const SHARED_PAGES = /^\/(tender\/detail|tender\/ai-detail|result\/detail)\/[^/]+\/?$/;

/** Shared links (tender / result pages opened with both uid and tid) need no sign-in. */
export function isSharedLink(search: string, pathname: string): boolean {
  const params = new URLSearchParams(search);
  return SHARED_PAGES.test(pathname) && !!params.get("uid") && !!params.get("tid");
}

export type IdentityState = { status: "loading" | "signed-out"; user: null } | { status: "signed-in"; user: Identity };

/**
 * The signed-in user as a guard needs it. No token is signed out at once. Refine's identity query
 * is not keyed by token, so a guard that mounts asks again (a sign-in or impersonation may have
 * changed it) and waits while a "signed out" answer is being refreshed.
 */
export function useIdentityState(): IdentityState {
  const token = getToken();
  const { data, isFetching } = useGetIdentity<Identity | null>({ queryOptions: { enabled: !!token, refetchOnMount: "always" } });
  if (!token) return { status: "signed-out", user: null };
  if (data) return { status: "signed-in", user: data };
  return isFetching || data === undefined ? { status: "loading", user: null } : { status: "signed-out", user: null };
}

/** Only signed in: the onboarding page (before the gate), given the user. */
export function RequireIdentity({ children }: { children: (user: Identity) => ReactNode }) {
  const state = useIdentityState();
  const location = useLocation();
  if (state.status === "signed-in") return <>{children(state.user)}</>;
  if (state.status === "loading") return <FullPageSpinner />;
  return <Navigate to={loginUrlFor(location.pathname + location.search)} replace />;
}

export function SignedOutOnly() {
  const { status } = useIdentityState();
  if (status === "loading") return <FullPageSpinner />;
  if (status === "signed-in") return <Navigate to={SIGNED_IN_HOME} replace />;
  return <Outlet />;
}
