// Refine's identity query (useGetIdentity, keyed by @refinedev/core's keys().auth().action("identity"))
// is the one place pages read who is signed in. Refine fills it from authProvider.getIdentity; this
// module also writes it directly, for what must show before any refetch could:
//  - a session refetched in place (session.ts refreshIdentity): at the start or the end of an
//    impersonation the page Refine then opens has the new person on its first render, never the
//    previous one (the key is not per token, so nothing else would replace it before Refine's
//    refetch; the staff member's data from before the impersonation is kept nowhere, so it cannot
//    come back); after a profile save the pages show what the server now answers;
//  - a spend's new balance (the top bar follows at once; the server's user info follows).
// Not a sign-in: Refine's login opens the destination first, then refreshes the identity.
// The app's query client is bound by App's Providers while they are mounted.
import { keys } from "@refinedev/core";
import type { QueryClient } from "@tanstack/react-query";
import type { Identity } from "./session";

let client: QueryClient | null = null;

/** Binds Refine's query client; returns the unbinding (Providers unmounting). */
export function bindIdentityStore(queryClient: QueryClient): () => void {
  client = queryClient;
  return () => {
    if (client === queryClient) client = null;
  };
}

export const identityKey = () => keys().auth().action("identity").get();

/** Shows `identity` as Refine's identity, as if getIdentity had just answered it. */
export function showIdentity(identity: Identity | null): void {
  client?.setQueryData(identityKey(), identity);
}

/** Changes the shown identity in place (nothing when signed out). */
export function updateIdentity(change: (identity: Identity) => Identity): void {
  client?.setQueryData<Identity | null>(identityKey(), (identity) => (identity ? change(identity) : identity));
}
