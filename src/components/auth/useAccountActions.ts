// Logout and Cancel Impersonation, as the avatar menu runs them.
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { IMPERSONATION_REFETCH_DELAY_MS } from "../../../common/constants";
import type { TokenResponse } from "../../../common/api";
import { useRefreshSession } from "../../hooks/useSession";
import { currentPathAndQuery, hardNavigation, loginUrlFor } from "../../lib/redirect";
import { setToken } from "../../lib/token";
import { signOut } from "../../providers/authProvider";
import { http } from "../../providers/http";

export function useAccountActions() {
  const refreshSession = useRefreshSession();
  const navigate = useNavigate();

  /** Revoke the token, then load /login?redirect={current path}: a full load drops every cached query. */
  const logout = useCallback(async () => {
    const here = currentPathAndQuery();
    await signOut();
    hardNavigation.assign(loginUrlFor(here));
  }, []);

  /** Back to the staff member's own account; the user data is refetched after a short pause. */
  const cancelImpersonation = useCallback(async () => {
    const response = await http.get<Partial<TokenResponse> | null>("cancel-impersonate/");
    if (response && typeof response.token === "string") setToken(response.token);
    await new Promise((resolve) => setTimeout(resolve, IMPERSONATION_REFETCH_DELAY_MS));
    await refreshSession();
    navigate("/dashboard");
  }, [refreshSession, navigate]);

  return { logout, cancelImpersonation };
}
