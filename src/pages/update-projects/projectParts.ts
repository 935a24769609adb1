// The parts of the staff edit page read beside the project (status updates, history) through
// Refine's useCustom, and the one place that refreshes them after an edit, an upload or an
// added contact or document.
import { useCallback } from "react";
import { useApiPart } from "../../components/page/useApiPart";
import { useDataCache } from "../../providers/cache";

// The same rows the lead pages read (work/{id}/status-update/, work/{id}/history), typed once there.
export type { HistoryEntry as HistoryRow, StatusUpdate } from "../leads/api";
import type { HistoryEntry as HistoryRow, StatusUpdate } from "../leads/api";

const historyKey = (id: string) => ["infrascout", "project-history", id] as const;
const statusKey = (id: string) => ["infrascout", "project-status-updates", id] as const;

// Their failures show as a line in their cards, after the HTTP layer's toast.
export const useStatusUpdates = (id: string) => useApiPart<{ results: StatusUpdate[] }>(`work/${id}/status-update/`, { queryKey: statusKey(id), toast: true });
export const useProjectHistory = (id: string) => useApiPart<{ results: HistoryRow[] }>(`work/${id}/history`, { queryKey: historyKey(id), toast: true });

export type ProjectPart = "history" | "status";

/** Read the named parts again; resolves once they are. */
export function useRefreshProjectParts(id: string): (parts: ProjectPart[]) => Promise<void> {
  const cache = useDataCache();
  return useCallback(
    async (parts: ProjectPart[]) => {
      const keys = parts.map((part) => (part === "history" ? historyKey(id) : statusKey(id)));
      await Promise.all(keys.map((key) => cache.refresh(key)));
    },
    [cache, id],
  );
}
