// The tender and result calls the public-sector pages make (common/tenders.ts lists the
// endpoints and shapes), through the one HTTP layer.
import type { FacetOption } from "../../../common/api";
import type {
  ShareLink,
  ShareRevoked,
  SuggesterResponse,
} from "../../../common/tenders";
import { http } from "../../providers/http";

/** The uid + tid of a shared link, when the page was opened through one. */
export interface SharedPair {
  uid: string;
  tid: string;
}

/** The pair in a page's query string (both present), else null. */
export function sharedPairOf(search: string): SharedPair | null {
  const params = new URLSearchParams(search);
  const uid = params.get("uid");
  const tid = params.get("tid");
  return uid && tid ? { uid, tid } : null;
}

/** A path with the shared pair appended, so links between shared pages stay shared. */
export function withPair(path: string, pair: SharedPair | null): string {
  if (!pair) return path;
  const sep = path.includes("?") ? "&" : "?";
  return `${path}${sep}uid=${encodeURIComponent(pair.uid)}&tid=${encodeURIComponent(pair.tid)}`;
}

const id = (value: string | number) => encodeURIComponent(String(value));

export type ShareKind = "tender" | "result";

export const tenderKeys = {
  orgSuggestions: (text: string) => ["tenders", "org-suggest", text] as const,
};

/** The API paths of a tender's and a result's pages; `:id` is filled in by the dataProvider. */
export const tenderPaths = {
  detail: "tender/detail/:id",
  brief: "tender/ai-detail/:id/",
  result: "result/detail/:id",
  similar: (tenderId: string | number) => `tender/${id(tenderId)}/tender-mlt/`,
  similarResults: (resultId: string | number) => `result/${id(resultId)}/result-mlt/`,
  downloadZip: (tenderId: string | number) => `tender/download_zip/${id(tenderId)}`,
};

export const tenderApi = {
  share: (kind: ShareKind, itemId: string | number) => http.post<ShareLink>(`${kind}/${id(itemId)}/share/`),
  revokeShares: (kind: ShareKind, itemId: string | number) => http.delete<ShareRevoked>(`${kind}/${id(itemId)}/share/`),
  suggestOrgs: async (text: string, signal?: AbortSignal): Promise<FacetOption[]> =>
    (await http.get<SuggesterResponse>("suggester_facet/", { query: { suggest_query: text, suggest_field: "org_name_exact" }, signal, toast: false }))?.suggestions ?? [],
};
