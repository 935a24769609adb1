// A part of a page read through Refine's useCustom: a detail page's parts beside its record (similar
// items, contacts, history …) and the suggesters' answers (company picker, organisation box). Its
// failure shows in its own section, so by default the HTTP layer shows no toast.
import { useCustom, type HttpError } from "@refinedev/core";
import type { Query } from "../../providers/http";

export interface ApiPart<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  /** Our HTTP layer's error (an Error with the catalogue message). */
  error: Error | null;
  dataUpdatedAt: number;
  /** An answer (or a failure) has come since the part was first asked for. */
  isFetched: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

export interface ApiPartOptions {
  query?: Query;
  /** A key of our own, for a part that a write updates or refreshes (['lead', id, part]). */
  queryKey?: readonly unknown[];
  enabled?: boolean;
  /** true: a failure also shows the HTTP layer's toast (a part that is the page's main content). */
  toast?: boolean;
  /** Keep showing the last answer while a new one (another page, a filter) loads. */
  keepPrevious?: boolean;
  /** How long an answer is used without asking again (suggestions: typing back a term). */
  staleTime?: number;
}

export function useApiPart<T>(url: string, { query, queryKey, enabled = true, toast = false, keepPrevious = false, staleTime }: ApiPartOptions = {}): ApiPart<T> {
  const { query: part } = useCustom<T & object, HttpError>({
    url,
    method: "get",
    config: { query },
    meta: { toast },
    errorNotification: false,
    queryOptions: {
      enabled,
      ...(queryKey ? { queryKey } : {}),
      ...(keepPrevious ? { placeholderData: (previous) => previous } : {}),
      ...(staleTime ? { staleTime } : {}),
    },
  });
  return {
    data: part.data?.data as T | undefined,
    isPending: part.isPending,
    isError: part.isError,
    error: part.error as unknown as Error | null,
    dataUpdatedAt: part.dataUpdatedAt,
    isFetched: part.isFetched,
    isFetching: part.isFetching,
    refetch: part.refetch,
  };
}
