// After something changes the user info or preferences (a profile save, onboarding, a spend):
// the server's answer again, as Refine's identity (useGetIdentity). The session is refetched
// (not just Refine's query invalidated: getIdentity answers the session fetched once per token),
// shown at once (providers/identityStore), then Refine's check and permissions follow it (onboarding
// done passes the gate). A failed refetch rejects to the caller and signs no one out.
import { useInvalidateAuthStore } from "@refinedev/core";
import { useCallback } from "react";
import { refreshIdentity, type Identity } from "../providers/session";

export function useRefreshIdentity(): () => Promise<Identity> {
  const invalidateAuthStore = useInvalidateAuthStore();
  return useCallback(async () => {
    const identity = await refreshIdentity();
    await invalidateAuthStore();
    return identity;
  }, [invalidateAuthStore]);
}
