// The lead (work/{id}/, Refine's useShow through the detail frame) and the parts of its detail
// page (useCustom), each part cached under ["lead", id, part] so an unlock or an upload can
// update or refresh every view of it.
import { useCallback } from "react";
import { useDetail, type Detail } from "../../../components/page/useDetail";
import { useApiPart, type ApiPart } from "../../../components/page/useApiPart";
import { useDataCache } from "../../../providers/cache";
import { leadPartKey, type LeadDetail } from "../api";

export const LEAD_RESOURCE = "leads";
export const LEAD_ITEM_PATH = "work/:id/";

export function useLead(id: string | undefined): Detail<LeadDetail> {
  return useDetail<LeadDetail>({ resource: LEAD_RESOURCE, id, itemPath: LEAD_ITEM_PATH });
}

export function useLeadPart<T>(id: string | number | undefined, part: string, enabled = true): ApiPart<T> {
  return useApiPart<T>(`work/${encodeURIComponent(String(id ?? ""))}/${part}`, { queryKey: leadPartKey(id ?? "", part), enabled: !!id && enabled });
}

/** Read a part again (after an upload to it). */
export function useRefreshLeadPart(id: string | number, part: string): () => Promise<void> {
  const cache = useDataCache();
  return useCallback(() => cache.refresh(leadPartKey(id, part)), [cache, id, part]);
}
