// After a successful sign-in or signup: hand the loaded session to the route guards
// before navigating, so the destination does not see a stale 'signed out' state.
import { useInvalidateAuthStore } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { sessionKey } from "../../hooks/useSession";
import { getToken } from "../../lib/token";
import { loadSessionAndRemember } from "../../providers/session";

export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const invalidateAuthStore = useInvalidateAuthStore();
  const navigate = useNavigate();
  return useCallback(
    async (to: string) => {
      const session = await loadSessionAndRemember();
      queryClient.setQueryData(sessionKey(getToken()), session);
      navigate(to, { replace: true });
      void invalidateAuthStore();
    },
    [queryClient, invalidateAuthStore, navigate],
  );
}
