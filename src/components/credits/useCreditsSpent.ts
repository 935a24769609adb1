// After a spend (a contact or company unlock) the top bar's balance follows at once: the
// session takes the balance the server answered, then the server's user info is read again.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { sessionKey, useRefreshSession } from "../../hooks/useSession";
import { getToken } from "../../lib/token";
import type { Session } from "../../providers/session";

export interface Balance {
  remaining_credits: number;
  total_credits: number;
}

export function useCreditsSpent(): (balance: Balance) => void {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useCallback(
    ({ remaining_credits, total_credits }: Balance) => {
      queryClient.setQueryData<Session>(sessionKey(getToken()), (s) => (s ? { ...s, user: { ...s.user, remaining_credits, total_credits } } : s));
      void refreshSession().catch(() => undefined);
    },
    [queryClient, refreshSession],
  );
}
