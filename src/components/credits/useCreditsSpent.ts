// After a spend (a contact or company unlock) the top bar's balance follows at once: Refine's
// identity takes the balance the server answered, then the server's user info is read again.
import { useCallback } from "react";
import { useRefreshIdentity } from "../../hooks/useRefreshIdentity";
import { updateIdentity } from "../../providers/identityStore";

export interface Balance {
  remaining_credits: number;
  total_credits: number;
}

export function useCreditsSpent(): (balance: Balance) => void {
  const refreshIdentity = useRefreshIdentity();
  return useCallback(
    ({ remaining_credits, total_credits }: Balance) => {
      updateIdentity((identity) => ({ ...identity, remaining_credits, total_credits }));
      void refreshIdentity().catch(() => undefined);
    },
    [refreshIdentity],
  );
}
