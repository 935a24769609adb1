// One webhook's deliveries, newest first: the event, how it went (delivered, retrying, failed), the
// tries so far, the last HTTP status or error, and when (IST); each can be replayed, which sends
// the same body again as a new delivery with fresh tries.
import { Button, Tag, Typography } from "antd";
import { useState } from "react";
import { DataTable } from "../../components/page/DataTable";
import { formatDateTime } from "../../lib/format";
import { toastError, toastSuccess } from "../../lib/toast";
import { useDeliveries, useWebhookWrite, WEBHOOK_MAX_ATTEMPTS, WEBHOOKS_URL, writeError, type Webhook, type WebhookDelivery } from "./webhooksApi";

const STATUS: Record<WebhookDelivery["status"], { label: string; color: string }> = {
  delivered: { label: "Delivered", color: "green" },
  pending: { label: "Retrying", color: "gold" },
  failed: { label: "Failed", color: "red" },
};

function statusOf(d: WebhookDelivery) {
  // A pending delivery not tried yet is queued, not retrying.
  return d.status === "pending" && d.attempts === 0 ? { label: "Queued", color: "blue" } : STATUS[d.status];
}

function outcome(d: WebhookDelivery): string {
  if (d.last_status_code !== null) return d.last_error && d.status !== "delivered" ? d.last_error : `HTTP ${d.last_status_code}`;
  return d.last_error ?? "—";
}

export function WebhookDeliveries({ webhook }: { webhook: Webhook }) {
  const [page, setPage] = useState(1);
  const { data, loading, reload } = useDeliveries(webhook.id, page);
  const write = useWebhookWrite();
  const [busy, setBusy] = useState<number | null>(null);

  async function replay(d: WebhookDelivery) {
    setBusy(d.id);
    try {
      await write("post", `${WEBHOOKS_URL}${webhook.id}/deliveries/${d.id}/replay/`);
      toastSuccess("Replay queued: it is sent within a few seconds.");
      setPage(1);
      void reload();
    } catch (e) {
      toastError(writeError(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="webhook-deliveries">
      <div className="webhook-deliveries-head">
        <Typography.Text strong>Deliveries</Typography.Text>
        <Button size="small" type="link" onClick={() => void reload()}>
          Refresh
        </Button>
      </div>
      <DataTable<WebhookDelivery>
        size="small"
        rowKey="id"
        label={`Deliveries of ${webhook.url}`}
        loading={loading}
        rows={data?.results ?? []}
        empty="Nothing sent yet"
        minWidth={640}
        pagination={data && { current: page, pageSize: data.page_size, total: data.count, onChange: setPage }}
        columns={[
          { title: "Created (IST)", key: "created", width: 150, render: (_, d) => formatDateTime(d.created_at) },
          { title: "Event", key: "event", render: (_, d) => <span>{d.event}{d.replay_of !== null && <Typography.Text type="secondary"> (replay)</Typography.Text>}</span> },
          { title: "Status", key: "status", render: (_, d) => <Tag color={statusOf(d).color}>{statusOf(d).label}</Tag> },
          { title: "Tries", key: "attempts", align: "right", render: (_, d) => `${d.attempts} of ${d.event === "ping" ? 1 : WEBHOOK_MAX_ATTEMPTS}` },
          { title: "Last answer", key: "outcome", ellipsis: true, render: (_, d) => outcome(d) },
          {
            title: "Last try / next (IST)",
            key: "when",
            width: 170,
            render: (_, d) => (
              <>
                {d.last_attempt_at ? formatDateTime(d.last_attempt_at) : "—"}
                {d.status === "pending" && d.next_attempt_at && <div className="team-row-sub">next {formatDateTime(d.next_attempt_at)}</div>}
              </>
            ),
          },
          {
            title: "",
            key: "replay",
            width: 90,
            render: (_, d) => (
              <Button size="small" loading={busy === d.id} onClick={() => void replay(d)} aria-label={`Replay delivery ${d.delivery_id}`}>
                Replay
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
