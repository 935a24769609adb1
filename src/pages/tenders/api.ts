// The API paths the public-sector pages read through the data provider's hooks
// (common/tenders.ts lists the endpoints and shapes), and the shared-link pair of their URLs.

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

/** The API paths of a tender's and a result's pages; `:id` is filled in by the dataProvider. */
export const tenderPaths = {
  detail: "tender/detail/:id",
  brief: "tender/ai-detail/:id/",
  result: "result/detail/:id",
  similar: (tenderId: string | number) => `tender/${id(tenderId)}/tender-mlt/`,
  similarResults: (resultId: string | number) => `result/${id(resultId)}/result-mlt/`,
  downloadZip: (tenderId: string | number) => `tender/download_zip/${id(tenderId)}`,
  /** Organisation names for the Organisation box (suggest_query, suggest_field=org_name_exact). */
  suggestOrgs: "suggester_facet/",
  /** POST issues a signed link to the item; DELETE stops every link this user made for it. */
  share: (kind: ShareKind, itemId: string | number) => `${kind}/${id(itemId)}/share/`,
};

