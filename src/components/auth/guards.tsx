// Route guards. Signed-out users on a signed-in route go to /login?redirect=<path and query>;
// signed-in users on /login, /signup, /forgot-password go to the construction leads.
import { Navigate, Outlet, useLocation } from "react-router";
import { SIGNED_IN_HOME } from "../../../common/constants";
import { useSession } from "../../hooks/useSession";
import { loginUrlFor } from "../../lib/redirect";
import { FullPageSpinner } from "./FullPageSpinner";

/** The pages a shared link may open: a tender, its brief, a result. */
const SHARED_PAGES = /^\/(tender\/detail|tender\/ai-detail|result\/detail)\/[^/]+\/?$/;

/** Shared links (tender / result pages opened with both uid and tid) need no sign-in. */
export function isSharedLink(search: string, pathname: string): boolean {
  const params = new URLSearchParams(search);
  return SHARED_PAGES.test(pathname) && !!params.get("uid") && !!params.get("tid");
}

export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  if (status === "loading") return <FullPageSpinner />;
  if (status === "signed-out" && !isSharedLink(location.search, location.pathname)) {
    return <Navigate to={loginUrlFor(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}

export function SignedOutOnly() {
  const { status } = useSession();
  if (status === "loading") return <FullPageSpinner />;
  if (status === "signed-in") return <Navigate to={SIGNED_IN_HOME} replace />;
  return <Outlet />;
}
