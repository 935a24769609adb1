// The signed-in shell with the access gating of spec section 4 in front of every page:
// onboarding first, then 'Your signup has been recorded', then 'User Subscription Expired'.
import { Navigate, Outlet, useLocation } from "react-router";
import { decideGate, showsStaffArea } from "../../access/gate";
import { useSession } from "../../hooks/useSession";
import { SignupRecordedPage } from "../../pages/errors/SignupRecordedPage";
import { SubscriptionExpiredPage } from "../../pages/errors/SubscriptionExpiredPage";
import { AppLayout } from "../layout/AppLayout";
import { FocusLayout } from "../layout/FocusLayout";
import { PublicLayout } from "../layout/PublicLayout";
import { FullPageSpinner } from "./FullPageSpinner";
import { isSharedLink } from "./guards";

export function GatedAppLayout() {
  const state = useSession();
  const location = useLocation();
  if (state.status === "loading") return <FullPageSpinner />;
  if (state.status === "signed-out") {
    // Only shared links (uid + tid) get here signed out; RequireAuth sent everyone else to /login.
    return isSharedLink(location.search, location.pathname) ? <PublicLayout /> : <FullPageSpinner />;
  }
  const { user } = state.session;
  switch (decideGate(user)) {
    case "onboarding":
      return <Navigate to={`/onboarding?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
    case "signup-recorded":
      return (
        <FocusLayout user={user}>
          <SignupRecordedPage />
        </FocusLayout>
      );
    case "subscription-expired":
      return (
        <FocusLayout user={user}>
          <SubscriptionExpiredPage />
        </FocusLayout>
      );
    default:
      return (
        <AppLayout user={user} isStaff={showsStaffArea(user.is_staff)}>
          <Outlet />
        </AppLayout>
      );
  }
}
