// The signed-in shell with the access gating of spec section 4 in front of every page, as
// authProvider.check answers it (Refine's useIsAuthenticated): onboarding first, then 'Your
// signup has been recorded', then 'User Subscription Expired'. Signed out: /login with the page
// as redirect, except shared links, which open in the public shell.
import { useIsAuthenticated } from "@refinedev/core";
import { Navigate, Outlet, useLocation } from "react-router";
import { ONBOARDING_PATH } from "../../access/gate";
import { loginUrlFor } from "../../lib/redirect";
import { getToken } from "../../lib/token";
import { SignupRecordedPage } from "../../pages/errors/SignupRecordedPage";
import { SubscriptionExpiredPage } from "../../pages/errors/SubscriptionExpiredPage";
import { AppLayout } from "../layout/AppLayout";
import { FocusLayout } from "../layout/FocusLayout";
import { PublicLayout } from "../layout/PublicLayout";
import { FullPageSpinner } from "./FullPageSpinner";
import { isSharedLink, useIdentityState } from "./guards";

export function GatedAppLayout() {
  const location = useLocation();
  const token = getToken();
  // Asked again on mount, like the identity: the answer is not keyed by token.
  const check = useIsAuthenticated({ queryOptions: { enabled: !!token, refetchOnMount: "always" } });
  const identity = useIdentityState();
  const here = location.pathname + location.search;
  const answer = token ? check.data : { authenticated: false };
  const waiting = !answer || (check.isFetching && !answer.authenticated) || identity.status === "loading";
  if (waiting) return <FullPageSpinner />;

  const user = identity.user;
  if (answer.authenticated && user) {
    return (
      <AppLayout user={user}>
        <Outlet />
      </AppLayout>
    );
  }
  if (user && answer.error?.name === "signup-recorded") {
    return (
      <FocusLayout user={user}>
        <SignupRecordedPage />
      </FocusLayout>
    );
  }
  if (user && answer.error?.name === "subscription-expired") {
    return (
      <FocusLayout user={user}>
        <SubscriptionExpiredPage />
      </FocusLayout>
    );
  }
  if (user && answer.redirectTo === ONBOARDING_PATH) return <Navigate to={`${ONBOARDING_PATH}?redirect=${encodeURIComponent(here)}`} replace />;
  if (isSharedLink(location.search, location.pathname)) return <PublicLayout />;
  return <Navigate to={loginUrlFor(here)} replace />;
}
