// The team's webhooks API (server/modules/integrations) through Refine's data provider: the
// webhooks, one webhook's deliveries, and the writes (add, delete, replay, test). Failures are
// shown by the panel, not as toasts.
import { useCustom, type HttpError } from "@refinedev/core";
import type { Webhook, WebhookDelivery } from "../../../common/webhooks";

export { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, WEBHOOK_MAX_ATTEMPTS, type Webhook, type WebhookDelivery, type WebhookEvent } from "../../../common/webhooks";
export { useTeamWrite as useWebhookWrite, writeError } from "../team/teamApi";

const quiet = { meta: { toast: false }, errorNotification: false as const, successNotification: false as const, dataProviderName: "rest" };
export const WEBHOOKS_URL = "integrations/webhooks/";

export function useWebhooks() {
  const { query } = useCustom<Webhook[]>({ url: WEBHOOKS_URL, method: "get", ...quiet, queryOptions: { retry: false } });
  return { webhooks: query.data?.data ?? [], loading: query.isLoading, error: (query.error as HttpError | null) ?? null, reload: () => query.refetch() };
}

interface DeliveriesPage {
  count: number;
  page: number;
  page_size: number;
  results: WebhookDelivery[];
}

export function useDeliveries(webhookId: number, page: number) {
  const { query } = useCustom<DeliveriesPage>({ url: `${WEBHOOKS_URL}${webhookId}/deliveries/`, method: "get", config: { query: { page } }, ...quiet });
  return { data: query.data?.data, loading: query.isFetching, reload: () => query.refetch() };
}

/** A signing secret made in the browser: 32 random bytes as hex. */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
