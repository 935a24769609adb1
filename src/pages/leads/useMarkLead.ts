// Marking a lead, optimistically: every list row and the detail showing the lead take the new
// mark at once; if the server refuses, they get the old one back (the HTTP layer shows the
// error toast). The mark's history comes back from the server and replaces the detail's.
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { Mark } from "../../../common/constants";
import type { GetOneResponse } from "@refinedev/core";
import { detailKey } from "../../components/page/useDetail";
import { patchListerRows } from "../../components/search/listCache";
import { leadApi, type LeadDetail, type LeadRow } from "./api";
import { LEAD_RESOURCE } from "./detail/useLead";

type Snapshot = [QueryKey, unknown][];

type Shown = GetOneResponse<LeadDetail> | undefined;
const patchDetail = (shown: Shown, patch: Partial<LeadDetail>): Shown => (shown?.data ? { ...shown, data: { ...shown.data, ...patch } } : shown);

export function useMarkLead(id: number) {
  const queryClient = useQueryClient();
  const leadKey = detailKey(LEAD_RESOURCE, id);
  return useMutation({
    mutationFn: (mark: Mark) => leadApi.mark(id, mark),
    onMutate: async (mark): Promise<{ snapshot: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: leadKey });
      const snapshot: Snapshot = [...patchListerRows<LeadRow>(queryClient, id, (row) => ({ ...row, mark })), ...queryClient.getQueriesData({ queryKey: leadKey })];
      queryClient.setQueriesData<Shown>({ queryKey: leadKey }, (shown) => patchDetail(shown, { mark }));
      return { snapshot };
    },
    onError: (_error, _mark, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (answer) => {
      if (answer?.history) queryClient.setQueriesData<Shown>({ queryKey: leadKey }, (shown) => patchDetail(shown, { mark_history: answer.history }));
    },
  });
}
