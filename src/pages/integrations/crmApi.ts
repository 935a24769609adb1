// The team's CRM connections API (server/modules/crm) through Refine's data provider: the
// connections (owners and admins), which CRMs are connected (any member), the log of sends, and
// the writes. Failures are shown by the panels, not as toasts.
import { useCustom, type HttpError } from "@refinedev/core";
import type { CrmConnection, CrmItemType, CrmSend, CrmVendor } from "../../../common/crm";

export { CRM_DEFAULT_MAPPING, CRM_VENDOR_LABELS, CRM_VENDORS, ZOHO_DATA_CENTRES, ZOHO_DATA_CENTRE_CODES, type CrmConnection, type CrmItemType, type CrmSend, type CrmVendor } from "../../../common/crm";
export { useTeamWrite as useCrmWrite, writeError } from "../team/teamApi";

const quiet = { meta: { toast: false }, errorNotification: false as const, successNotification: false as const, dataProviderName: "rest" };
export const CRM_URL = "integrations/crm/";

export function useCrmConnections() {
  const { query } = useCustom<{ connections: CrmConnection[] }>({ url: CRM_URL, method: "get", ...quiet, queryOptions: { retry: false } });
  return { connections: query.data?.data.connections ?? [], loading: query.isLoading, error: (query.error as HttpError | null) ?? null, reload: () => query.refetch() };
}

/** Which CRMs the caller's team has connected; nothing (and no error) for someone in no team. */
export function useCrmStatus() {
  const { query } = useCustom<{ connected: CrmVendor[]; can_manage: boolean }>({ url: `${CRM_URL}status/`, method: "get", ...quiet, queryOptions: { retry: false } });
  return { connected: query.data?.data.connected ?? [], canManage: query.data?.data.can_manage ?? false };
}

/** The team's sends, newest first: of one item, or all (the log on the Team page). */
export function useCrmSends(item?: { type: CrmItemType; id: number }, enabled = true) {
  const { query } = useCustom<CrmSend[]>({
    url: `${CRM_URL}sends/`,
    method: "get",
    config: { query: item ? { item_type: item.type, item_id: item.id } : {} },
    ...quiet,
    queryOptions: { retry: false, enabled },
  });
  return { sends: query.data?.data ?? [], loading: query.isFetching, reload: () => query.refetch() };
}

export const SEND_STATUS_LABELS: Record<CrmSend["status"], string> = { pending: "Queued", sent: "Sent", failed: "Failed" };
