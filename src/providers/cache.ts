// What pages and their hooks may do to the data already read, after a write: read it again,
// change it in place (optimistically, with a snapshot to put back), or stop reads in flight.
// Only this module (with the rest of src/providers/) knows that React Query keeps that data, so
// pages name what they change, not how the cache works (tests/unit/no-react-query-in-pages).
// Keys are the ones the reads are cached under: Refine's (detailKey, a lister's page) or the
// app's own parts (["lead", id, part], companyKeys, the project's history and status updates).
import { useQueryClient, type Query, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useMemo } from "react";

/** The resources the listers list under (ListerConfig.resource). */
export const LISTER_RESOURCES = ["leads", "tenders", "results", "builders", "my-feed", "my-feed-tenders", "update-projects"];

/**
 * A page of a lister's rows (any provider, any filters): useList keeps each page under
 * ["data", provider, resource, "list", params] and its answer as {data: rows, total, ...}.
 */
export function isListerPage(query: Pick<Query, "queryKey">): boolean {
  const [scope, , resource, action] = query.queryKey as unknown[];
  return scope === "data" && action === "list" && LISTER_RESOURCES.includes(String(resource));
}

/** The data cached under some keys before a change, to put back if the write fails. */
export type CacheSnapshot = ReadonlyArray<readonly [QueryKey, unknown]>;

type Page<Row> = { data: Row[]; total?: number } & Record<string, unknown>;

export interface DataCache {
  /** Read again what is cached under this key or below it (e.g. ["lead"]: every lead part). */
  refresh(key: QueryKey): Promise<void>;
  /** Read every cached lister page again (a spend changed what rows show, e.g. unlocked contacts). */
  refreshListerPages(): Promise<void>;
  /** Change the data cached under exactly this key; nothing is cached if the change gives undefined. */
  patch<T>(key: QueryKey, change: (cached: T | undefined) => T | undefined): void;
  /** Change the data cached under this key or below it; returns what was there before. */
  patchAll<T>(key: QueryKey, change: (cached: T | undefined) => T | undefined): CacheSnapshot;
  /** Change the rows with this id on every cached lister page; returns what was there before. */
  patchListerRows<Row extends { id: unknown }>(id: Row["id"], change: (row: Row) => Row): CacheSnapshot;
  /** Put back what a patch's snapshot holds (the write it anticipated failed). */
  restore(snapshot: CacheSnapshot): void;
  /** Stop the reads in flight under this key, so their answers cannot undo an optimistic patch. */
  cancel(key: QueryKey): Promise<void>;
}

function dataCache(queryClient: QueryClient): DataCache {
  return {
    refresh: (key) => queryClient.invalidateQueries({ queryKey: key }),
    refreshListerPages: () => queryClient.invalidateQueries({ predicate: isListerPage }),
    patch: <T>(key: QueryKey, change: (cached: T | undefined) => T | undefined) => {
      queryClient.setQueryData<T>(key, change);
    },
    patchAll: <T>(key: QueryKey, change: (cached: T | undefined) => T | undefined) => {
      const snapshot = queryClient.getQueriesData({ queryKey: key });
      queryClient.setQueriesData<T>({ queryKey: key }, change);
      return snapshot;
    },
    patchListerRows: <Row extends { id: unknown }>(id: Row["id"], change: (row: Row) => Row) => {
      const snapshot = queryClient.getQueriesData({ predicate: isListerPage });
      queryClient.setQueriesData({ predicate: isListerPage }, (page: unknown) => {
        const rows = (page as Page<Row> | undefined)?.data;
        if (!Array.isArray(rows) || !rows.some((r) => r.id === id)) return page;
        return { ...(page as Page<Row>), data: rows.map((r) => (r.id === id ? change(r) : r)) };
      });
      return snapshot;
    },
    restore: (snapshot) => {
      for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
    },
    cancel: (key) => queryClient.cancelQueries({ queryKey: key }),
  };
}

/** The app's data cache; the same object for as long as the QueryClient is (safe in deps lists). */
export function useDataCache(): DataCache {
  const queryClient = useQueryClient();
  return useMemo(() => dataCache(queryClient), [queryClient]);
}
