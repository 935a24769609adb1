// Logout and Cancel Impersonation, as the avatar menu and the impersonation banner run them.
// Cancel is not Refine's logout: that invalidates every query at once, and their refetch would
// race the restored staff session (and end it when its first refetch fails) before the users
// admin opens.
import { useInvalidateAuthStore, useLogout } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { sessionKey } from "../../hooks/useSession";
import { AFTER_CANCEL_PATH, cancelImpersonation as endImpersonation } from "../../lib/identityImpersonation";
import { hardNavigation } from "../../lib/redirect";
import { getToken, removeToken } from "../../lib/token";
import { clearSession } from "../../providers/session";

export function useAccountActions() {
  const queryClient = useQueryClient();
  const invalidateAuthStore = useInvalidateAuthStore();
  const navigate = useNavigate();

  // authProvider.logout: revoke the token, then load /login?redirect={current path}.
  const { mutateAsync: signOutAndLeave } = useLogout();
  const logout = useCallback(() => signOutAndLeave(), [signOutAndLeave]);

  /**
   * Back to the staff member's own account (the token kept when impersonation started); the
   * user data is refetched after 0.3 s, then the users admin opens. Without a kept token the
   * staff member signs in again.
   */
  const cancelImpersonation = useCallback(async () => {
    let outcome;
    try {
      outcome = await endImpersonation();
    } catch {
      return; // the HTTP layer has shown why; the impersonation goes on
    }
    if (!outcome.restored) {
      // The impersonation token is already revoked: no logout call, just forget it.
      removeToken();
      clearSession();
      hardNavigation.assign("/login");
      return;
    }
    if (!outcome.session) {
      // The impersonation is over but the staff data did not arrive: a full load fetches it
      // afresh (and signs out as usual if the staff session is gone) instead of leaving the
      // ended impersonation on screen.
      hardNavigation.assign(AFTER_CANCEL_PATH);
      return;
    }
    // The redirect follows the refetch at once: nothing awaited in between, so no other update
    // (Refine's auth store refetching, a page's own queries) can run before it or hold it up.
    queryClient.setQueryData(sessionKey(getToken()), outcome.session);
    navigate(AFTER_CANCEL_PATH);
    await invalidateAuthStore();
  }, [queryClient, invalidateAuthStore, navigate]);

  return { logout, cancelImpersonation };
}
