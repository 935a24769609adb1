// A tender / result / brief page opened through a shared link (uid + tid in the query string)
// by someone not signed in: it reads only what the link grants and offers no personal actions.
import { useGetIdentity } from "@refinedev/core";
import { useLocation } from "react-router";
import { loginUrlFor } from "../../lib/redirect";
import type { Identity } from "../../providers/session";
import { sharedPairOf, type SharedPair } from "./api";

export interface SharedPage {
  /** The pair to send with the page's calls (also when signed in: the server ignores it then). */
  pair: SharedPair | null;
  /** Not signed in: only the shared calls may be made (any other would answer 401). */
  anonymous: boolean;
  /** Where a refused link sends the visitor: sign-in, back to this page without the pair. */
  loginUrl: string;
}

export function useSharedPage(): SharedPage {
  const { pathname, search } = useLocation();
  const { data: identity } = useGetIdentity<Identity | null>();
  const pair = sharedPairOf(search);
  const rest = new URLSearchParams(search);
  rest.delete("uid");
  rest.delete("tid");
  const query = rest.toString();
  return { pair, anonymous: !identity, loginUrl: loginUrlFor(pathname + (query ? `?${query}` : "")) };
}
