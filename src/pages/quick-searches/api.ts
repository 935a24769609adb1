// Quick searches (saved-search/) and their e-mail alerts (email-config/) on the REST provider.
// A saved search's alert is listed on the e-mail alerts page, and deleting the search deletes its
// alert: a write to either resource refreshes both lists.
import { useCreate, useDelete, useInvalidate, useList, useUpdate, type HttpError } from "@refinedev/core";
import { DEFAULT_ERROR_MESSAGE } from "../../lib/errorMessages";
import type { AlertConfig, Frequency } from "../../../common/alerts";

export type { Frequency };

export const REST = "rest";
export const SAVED_SEARCHES = "saved-search";
export const EMAIL_CONFIG = "email-config";

export interface SavedSearch {
  id: number;
  name: string;
  resource: string;
  resource_label: string;
  query: string;
  /** The page to open: resource?query. */
  url: string;
  alert: { id: number; frequency: Frequency; enabled: boolean } | null;
  created_at: string;
  updated_at: string;
}

/** Failures are toasted by the HTTP layer (or shown in the form); the pages show their own success texts. */
const QUIET = { errorNotification: false, successNotification: false } as const;

export function useSavedSearches() {
  return useList<SavedSearch>({ resource: SAVED_SEARCHES, dataProviderName: REST, pagination: { mode: "off" }, errorNotification: false });
}

export function useAlertConfigs() {
  return useList<AlertConfig>({ resource: EMAIL_CONFIG, dataProviderName: REST, pagination: { mode: "off" }, errorNotification: false });
}

/** Refreshes both lists after a write to either resource. */
function useRefreshBoth() {
  const invalidate = useInvalidate();
  return () =>
    Promise.all([SAVED_SEARCHES, EMAIL_CONFIG].map((resource) => invalidate({ resource, dataProviderName: REST, invalidates: ["list"] }))).then(() => undefined);
}

/**
 * Save, rename and delete quick searches. `quiet` calls show their failure in the form (the
 * name taken, blank) instead of as a toast.
 */
export function useSavedSearchMutations() {
  const refresh = useRefreshBoth();
  const common = { resource: SAVED_SEARCHES, dataProviderName: REST, ...QUIET, invalidates: [] as [] };
  const { mutateAsync: createAsync } = useCreate<SavedSearch>(common);
  const { mutateAsync: updateAsync } = useUpdate<SavedSearch>(common);
  const { mutateAsync: deleteAsync } = useDelete<SavedSearch>();
  return {
    save: (values: { name: string; resource: string; query: string }) => createAsync({ values, meta: { toast: false } }).then(refresh),
    rename: (id: number, name: string) => updateAsync({ id, values: { name }, meta: { toast: false } }).then(refresh),
    remove: (id: number) => deleteAsync({ ...common, id }).then(refresh),
  };
}

/** Turn an alert on or off or change its frequency: the first change creates it. */
export function useAlertMutations() {
  const refresh = useRefreshBoth();
  const common = { resource: EMAIL_CONFIG, dataProviderName: REST, ...QUIET, invalidates: [] as [] };
  const { mutateAsync: createAsync } = useCreate<AlertConfig>(common);
  const { mutateAsync: updateAsync } = useUpdate<AlertConfig>(common);
  return {
    create: (values: { saved_search_id: number | null; frequency: Frequency; enabled: boolean }) => createAsync({ values }).then(refresh),
    change: (id: number, values: { enabled?: boolean; frequency?: Frequency }) => updateAsync({ id, values }).then(refresh),
  };
}

/** A failed save or rename, under the name field: the name's own message, else any field's, else the error's. */
export function nameError(error: unknown): string {
  const failure = error as Partial<HttpError> | undefined;
  const fields = failure?.errors as Record<string, string[]> | undefined;
  return fields?.name?.[0] ?? Object.values(fields ?? {})[0]?.[0] ?? failure?.message ?? DEFAULT_ERROR_MESSAGE;
}

/** The filters of a saved query in words: 'state: Maharashtra · value: [1 TO *]'. */
export function describeQuery(query: string): string {
  const params = new URLSearchParams(query);
  const parts: string[] = [];
  const text = params.get("oq") ?? params.get("q");
  if (text) parts.push(`“${text}”`);
  for (const f of params.getAll("filter")) parts.push(f.replace(/^([^:]+):/, "$1: "));
  if (params.get("fresh") === "true") parts.push("fresh");
  if (params.get("search_all_tenders") === "true") parts.push("all tenders, not only live");
  const sort = params.get("sort");
  if (sort) parts.push(`sorted by ${sort}`);
  return parts.join(" · ");
}
