// The record a detail page shows, through Refine's useShow and the dataProvider's getOne.
// A malformed id (/private-leads/detail/abc) is never sent: the page shows the 404 page at once.
import { keys, useShow, type BaseRecord, type HttpError } from "@refinedev/core";
import { isRecordId } from "../../../common/api";
import type { Query } from "../../providers/http";

export interface DetailOptions {
  /** The Refine resource (src/resources). */
  resource: string;
  id: string | undefined;
  /** The API path of one record, `:id` standing for the id: 'work/:id/', 'tender/detail/:id'. */
  itemPath: string;
  /** Query parameters sent with it (a shared link's uid + tid). */
  query?: Query;
}

export interface Detail<T> {
  id: string;
  record: T | undefined;
  isPending: boolean;
  error: HttpError | null;
  /** The id is malformed, or the server has no such record (404; 400 for an id it refuses). */
  notFound: boolean;
}

export const isNotFoundError = (error: { statusCode?: number } | null | undefined) => error?.statusCode === 404 || error?.statusCode === 400;

/** The frame's view of a record read by another Refine hook (useForm's query, for an edit page). */
export function detailOf<T>(id: string | undefined, query: { isPending: boolean; error: HttpError | null } | undefined, record: T | undefined): Detail<T> {
  const valid = isRecordId(id);
  const error = query?.error ?? null;
  return { id: id ?? "", record, isPending: valid && (query?.isPending ?? true), error, notFound: !valid || isNotFoundError(error) };
}

export function useDetail<T extends BaseRecord>({ resource, id, itemPath, query }: DetailOptions): Detail<T> {
  const valid = isRecordId(id);
  // The hook's meta wins over the resource's and the URL's (Refine merges all three).
  const { query: show, result } = useShow<T, HttpError>({
    resource,
    id: valid ? id : undefined,
    meta: { itemPath, query },
    queryOptions: { enabled: valid, retry: false },
    // The HTTP layer has shown the error toast already.
    errorNotification: false,
  });
  return detailOf(id, show, result);
}

/** The cache key prefix of one record's useShow (for an optimistic update of what it shows). */
export const detailKey = (resource: string, id: string | number) => keys().data("default").resource(resource).action("one").id(String(id)).get();
