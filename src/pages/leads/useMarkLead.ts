// Marking a lead, optimistically: every list row and the detail showing the lead take the new
// mark at once; if the server refuses, they get the old one back (the HTTP layer shows the
// error toast). The mark's history comes back from the server and replaces the detail's.
import { useCustomMutation, type GetOneResponse, type HttpError } from "@refinedev/core";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { Mark } from "../../../common/constants";
import { detailKey } from "../../components/page/useDetail";
import { patchListerRows } from "../../components/search/listCache";
import { leadPaths, type LeadDetail, type LeadRow, type MarkAnswer } from "./api";
import { LEAD_RESOURCE } from "./detail/useLead";

type Snapshot = [QueryKey, unknown][];

type Shown = GetOneResponse<LeadDetail> | undefined;
const patchDetail = (shown: Shown, patch: Partial<LeadDetail>): Shown => (shown?.data ? { ...shown, data: { ...shown.data, ...patch } } : shown);

export function useMarkLead(id: number) {
  const queryClient = useQueryClient();
  const leadKey = detailKey(LEAD_RESOURCE, id);
  const { mutate, mutation } = useCustomMutation<MarkAnswer, HttpError, { mark: Mark }>({
    mutationOptions: {
      onMutate: async ({ values: { mark } }): Promise<{ snapshot: Snapshot }> => {
        await queryClient.cancelQueries({ queryKey: leadKey });
        const snapshot: Snapshot = [...patchListerRows<LeadRow>(queryClient, id, (row) => ({ ...row, mark })), ...queryClient.getQueriesData({ queryKey: leadKey })];
        queryClient.setQueriesData<Shown>({ queryKey: leadKey }, (shown) => patchDetail(shown, { mark }));
        return { snapshot };
      },
      onError: (_error, _variables, context) => {
        for (const [key, data] of (context as { snapshot?: Snapshot } | undefined)?.snapshot ?? []) queryClient.setQueryData(key, data);
      },
      onSuccess: ({ data: answer }) => {
        if (answer?.history) queryClient.setQueriesData<Shown>({ queryKey: leadKey }, (shown) => patchDetail(shown, { mark_history: answer.history }));
      },
    },
  });
  return {
    mutate: (mark: Mark, options?: { onError?: () => void }) =>
      mutate({ url: leadPaths.mark(id), method: "post", values: { mark }, errorNotification: false }, options),
    isPending: mutation.isPending,
  };
}
