// Marking a lead, optimistically: every list row and the detail showing the lead take the new
// mark at once; if the server refuses, they get the old one back (the HTTP layer shows the
// error toast). The mark's history comes back from the server and replaces the detail's.
//
// One mutation serves every mark control under a MarkLeads provider (a lister's 20 rows; a
// control alone brings its own): Refine's useCustomMutation once per row cost ≈ 5 ms of rendering per row, a
// fifth of opening a leads lister (issue 17 point 7).
import { useCustomMutation, type GetOneResponse, type HttpError } from "@refinedev/core";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Mark } from "../../../common/constants";
import { detailKey } from "../../components/page/useDetail";
import { useDataCache, type CacheSnapshot } from "../../providers/cache";
import { leadPaths, type LeadDetail, type LeadRow, type MarkAnswer } from "./api";
import { LEAD_RESOURCE } from "./detail/useLead";

type Shown = GetOneResponse<LeadDetail> | undefined;
const patchDetail = (shown: Shown, patch: Partial<LeadDetail>): Shown => (shown?.data ? { ...shown, data: { ...shown.data, ...patch } } : shown);

/** Mark a lead; resolves once the server agreed, rejects (after putting the old mark back) if it refused. */
export type MarkLead = (id: number, mark: Mark) => Promise<void>;

type Variables = { values: { mark: Mark }; meta?: { leadId?: number } };

export function useMarkLead(): MarkLead {
  const cache = useDataCache();
  const { mutation } = useCustomMutation<MarkAnswer, HttpError, { mark: Mark }>({
    mutationOptions: {
      onMutate: async (variables): Promise<{ snapshot: CacheSnapshot }> => {
        const { values: { mark }, meta } = variables as Variables;
        const id = meta!.leadId!;
        const leadKey = detailKey(LEAD_RESOURCE, id);
        // A read of the lead answered after this would show the old mark again.
        await cache.cancel(leadKey);
        const rows = cache.patchListerRows<LeadRow>(id, (row) => ({ ...row, mark }));
        const detail = cache.patchAll<Shown>(leadKey, (shown) => patchDetail(shown, { mark }));
        return { snapshot: [...rows, ...detail] };
      },
      onError: (_error, _variables, context) => {
        cache.restore((context as { snapshot?: CacheSnapshot } | undefined)?.snapshot ?? []);
      },
      onSuccess: ({ data: answer }, variables) => {
        const id = (variables as Variables).meta!.leadId!;
        if (answer?.history) cache.patchAll<Shown>(detailKey(LEAD_RESOURCE, id), (shown) => patchDetail(shown, { mark_history: answer.history }));
      },
    },
  });
  const { mutateAsync } = mutation;
  return useMemo<MarkLead>(
    // The lead's id rides in meta (the data provider ignores what it does not know) for the callbacks above.
    () => async (id, mark) => void (await mutateAsync({ url: leadPaths.mark(id), method: "post", values: { mark }, meta: { leadId: id }, errorNotification: false } as never)),
    [mutateAsync],
  );
}

const MarkLeadContext = createContext<MarkLead | null>(null);

/** Gives the mark controls inside one shared way to mark a lead. */
export function MarkLeads({ children }: { children: ReactNode }) {
  return <MarkLeadContext.Provider value={useMarkLead()}>{children}</MarkLeadContext.Provider>;
}

/** The MarkLeads provider's way to mark a lead, or null outside one. */
export const useSharedMarkLead = (): MarkLead | null => useContext(MarkLeadContext);
