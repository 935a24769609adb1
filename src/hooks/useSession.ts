// The session (user info + preferences) for pages that need the preferences or update the
// credits in place. Identity and gating go through the authProvider (Refine's useGetIdentity,
// useIsAuthenticated); both read the one session cache of providers/session.ts, fetched once per
// token. No token = signed out at once; a failed fetch signs the user out (spec section 4;
// loadSessionOrSignOut).
import { useInvalidateAuthStore } from "@refinedev/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { getToken } from "../lib/token";
import { currentSession, loadSessionAndRemember, loadSessionOrSignOut, type Session } from "../providers/session";

export type SessionState =
  | { status: "signed-out"; session: null }
  | { status: "loading"; session: null }
  | { status: "signed-in"; session: Session };

export const sessionKey = (token: string | null) => ["infrascout", "session", token] as const;

export function useSession(): SessionState {
  const token = getToken();
  const query = useQuery({
    queryKey: sessionKey(token),
    queryFn: loadSessionOrSignOut,
    // The signed-in layout has loaded it (authProvider.check): a page has it on its first render.
    initialData: () => currentSession() ?? undefined,
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
    // A token's session leaves the cache as soon as nothing shows it: the staff member's, while
    // they act as a user, would otherwise come back unchanged (staleTime) after Cancel
    // Impersonation instead of the refetched one that initialData then gives.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (!token) return { status: "signed-out", session: null };
  if (query.data) return { status: "signed-in", session: query.data };
  if (query.isError) return { status: "signed-out", session: null };
  return { status: "loading", session: null };
}

/** Refetch user info and preferences (after a profile save, onboarding, impersonation). */
export function useRefreshSession(): () => Promise<Session> {
  const queryClient = useQueryClient();
  const invalidateAuthStore = useInvalidateAuthStore();
  return useCallback(async () => {
    const session = await loadSessionAndRemember(true);
    queryClient.setQueryData(sessionKey(getToken()), session);
    await invalidateAuthStore();
    return session;
  }, [queryClient, invalidateAuthStore]);
}

/** The session on pages that are only rendered signed in (inside the gated layout). */
export function useSignedInSession(): Session | null {
  return useSession().session;
}
