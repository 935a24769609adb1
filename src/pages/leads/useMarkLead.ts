// Marking a lead, optimistically: every list row and the detail showing the lead take the new
// mark at once; if the server refuses, they get the old one back (the HTTP layer shows the
// error toast). The mark's history comes back from the server and replaces the detail's.
import { useCustomMutation, type GetOneResponse, type HttpError } from "@refinedev/core";
import type { Mark } from "../../../common/constants";
import { detailKey } from "../../components/page/useDetail";
import { useDataCache, type CacheSnapshot } from "../../providers/cache";
import { leadPaths, type LeadDetail, type LeadRow, type MarkAnswer } from "./api";
import { LEAD_RESOURCE } from "./detail/useLead";

type Shown = GetOneResponse<LeadDetail> | undefined;
const patchDetail = (shown: Shown, patch: Partial<LeadDetail>): Shown => (shown?.data ? { ...shown, data: { ...shown.data, ...patch } } : shown);

export function useMarkLead(id: number) {
  const cache = useDataCache();
  const leadKey = detailKey(LEAD_RESOURCE, id);
  const { mutate, mutation } = useCustomMutation<MarkAnswer, HttpError, { mark: Mark }>({
    mutationOptions: {
      onMutate: async ({ values: { mark } }): Promise<{ snapshot: CacheSnapshot }> => {
        // A read of the lead answered after this would show the old mark again.
        await cache.cancel(leadKey);
        const rows = cache.patchListerRows<LeadRow>(id, (row) => ({ ...row, mark }));
        const detail = cache.patchAll<Shown>(leadKey, (shown) => patchDetail(shown, { mark }));
        return { snapshot: [...rows, ...detail] };
      },
      onError: (_error, _variables, context) => {
        cache.restore((context as { snapshot?: CacheSnapshot } | undefined)?.snapshot ?? []);
      },
      onSuccess: ({ data: answer }) => {
        if (answer?.history) cache.patchAll<Shown>(leadKey, (shown) => patchDetail(shown, { mark_history: answer.history }));
      },
    },
  });
  return {
    mutate: (mark: Mark, options?: { onError?: () => void }) =>
      mutate({ url: leadPaths.mark(id), method: "post", values: { mark }, errorNotification: false }, options),
    isPending: mutation.isPending,
  };
}
