// The listers' pages of rows in Refine's cache, for writes that change a row wherever it is
// listed (a mark, an unlock): useList keeps each page under ["data", provider, resource,
// "list", params] and its answer as {data: rows, total, ...}.
import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";

/** The resources the listers list under (ListerConfig.resource). */
export const LISTER_RESOURCES = ["leads", "tenders", "results", "builders", "my-feed", "my-feed-tenders", "update-projects"];

/** A page of a lister's rows (any provider, any filters). */
export function isListerPage(query: Pick<Query, "queryKey">): boolean {
  const [scope, , resource, action] = query.queryKey as unknown[];
  return scope === "data" && action === "list" && LISTER_RESOURCES.includes(String(resource));
}

type Page<Row> = { data: Row[]; total?: number } & Record<string, unknown>;

/** Change the rows with this id on every cached lister page; returns what to put back on failure. */
export function patchListerRows<Row extends { id: unknown }>(queryClient: QueryClient, id: Row["id"], patch: (row: Row) => Row): [QueryKey, unknown][] {
  const snapshot = queryClient.getQueriesData({ predicate: isListerPage });
  queryClient.setQueriesData({ predicate: isListerPage }, (page: unknown) => {
    const rows = (page as Page<Row> | undefined)?.data;
    if (!Array.isArray(rows) || !rows.some((r) => r.id === id)) return page;
    return { ...(page as Page<Row>), data: rows.map((r) => (r.id === id ? patch(r) : r)) };
  });
  return snapshot;
}

/** Ask every lister page again (a spend changed what the rows show, e.g. unlocked contacts). */
export function refreshListerPages(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isListerPage });
}
