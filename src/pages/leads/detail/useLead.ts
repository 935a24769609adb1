// The lead (work/{id}/, Refine's useShow through the detail frame) and the parts of its detail
// page (useCustom), each part cached under ["lead", id, part] so an unlock or an upload can
// update or refresh every view of it.
import { useCustom, type HttpError } from "@refinedev/core";
import { useDetail, type Detail } from "../../../components/page/useDetail";
import { leadPartKey, type LeadDetail } from "../api";

export const LEAD_RESOURCE = "leads";
export const LEAD_ITEM_PATH = "work/:id/";

export function useLead(id: string | undefined): Detail<LeadDetail> {
  return useDetail<LeadDetail>({ resource: LEAD_RESOURCE, id, itemPath: LEAD_ITEM_PATH });
}

/** A part as its section reads it. */
export interface LeadPart<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  /** Our HTTP layer's error (an Error with the catalogue message). */
  error: Error | null;
  dataUpdatedAt: number;
}

export function useLeadPart<T>(id: string | number | undefined, part: string, enabled = true): LeadPart<T> {
  const { query } = useCustom<T & object, HttpError>({
    url: `work/${encodeURIComponent(String(id ?? ""))}/${part}`,
    method: "get",
    // A part's failure shows in its own section, not as a toast.
    meta: { toast: false },
    errorNotification: false,
    queryOptions: { queryKey: leadPartKey(id ?? "", part), enabled: !!id && enabled },
  });
  return { data: query.data?.data as T | undefined, isPending: query.isPending, isError: query.isError, error: query.error as unknown as Error | null, dataUpdatedAt: query.dataUpdatedAt };
}
