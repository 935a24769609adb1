// The lead and the parts of its detail page, each cached under ["lead", id, part].
import { useQuery } from "@tanstack/react-query";
import { leadApi, leadKey, leadPartKey, type LeadDetail } from "../api";

export function useLead(id: string | undefined) {
  return useQuery<LeadDetail>({
    queryKey: leadKey(id ?? ""),
    queryFn: ({ signal }) => leadApi.detail(id!, signal),
    enabled: !!id,
  });
}

export function useLeadPart<T>(id: string | number | undefined, part: string, enabled = true) {
  return useQuery<T>({
    queryKey: leadPartKey(id ?? "", part),
    queryFn: ({ signal }) => leadApi.part<T>(id!, part, signal),
    enabled: !!id && enabled,
  });
}
