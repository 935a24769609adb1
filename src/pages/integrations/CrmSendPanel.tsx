// "Send to CRM" on a lead, tender, company or contact (issue 20, point 5), loaded by CrmSendButton
// once the page has drawn: shown only when the team has HubSpot or Zoho CRM connected. It queues
// the send and shows this item's recent sends (status, and links to the records in the CRM).
import { Button, Popover, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { formatDateTime } from "../../lib/format";
import { toastError, toastSuccess } from "../../lib/toast";
import { CRM_URL, CRM_VENDOR_LABELS, SEND_STATUS_LABELS, useCrmSends, useCrmStatus, useCrmWrite, writeError, type CrmItemType, type CrmSend } from "./crmApi";

/** `name` tells several buttons on one page apart (a lead's contacts) for screen readers. */
export function CrmSendPanel({ itemType, itemId, name }: { itemType: CrmItemType; itemId: number; name?: string }) {
  const { connected } = useCrmStatus();
  const [open, setOpen] = useState(false);
  // The log is read when first opened (or after a send), not for every button on the page.
  const { sends, reload } = useCrmSends({ type: itemType, id: itemId }, connected.length > 0 && open);
  const write = useCrmWrite();
  const [busy, setBusy] = useState(false);
  if (!connected.length) return null;

  async function sendNow() {
    setBusy(true);
    try {
      const r = await write<{ sends: CrmSend[] }>("post", `${CRM_URL}send/`, { item_type: itemType, item_id: itemId });
      toastSuccess(`Sending to ${r.sends.map((s) => CRM_VENDOR_LABELS[s.vendor]).join(" and ")}.`);
      setOpen(true);
      void reload();
    } catch (e) {
      toastError(writeError(e));
    } finally {
      setBusy(false);
    }
  }

  const log = (
    <div className="crm-send-log" aria-label="Sends to CRM">
      {sends.length === 0 && <Typography.Text type="secondary">Not sent yet.</Typography.Text>}
      {sends.slice(0, 5).map((s) => (
        <div key={s.id}>
          <Space wrap>
            <Tag color={s.status === "sent" ? "green" : s.status === "failed" ? "red" : "blue"}>{SEND_STATUS_LABELS[s.status]}</Tag>
            <span>{CRM_VENDOR_LABELS[s.vendor]}</span>
            <Typography.Text type="secondary">{formatDateTime(s.sent_at ?? s.created_at)}</Typography.Text>
          </Space>
          {s.records.map((r) => (
            <div key={`${r.object_type}:${r.id}`}>
              {r.url ? <a href={r.url} target="_blank" rel="noreferrer">{`${r.object_type} ${r.id}`}</a> : `${r.object_type} ${r.id}`} ({r.change})
            </div>
          ))}
          {s.last_error && <Typography.Text type={s.status === "sent" ? "secondary" : "danger"}>{s.last_error}</Typography.Text>}
        </div>
      ))}
    </div>
  );

  return (
    <Space.Compact>
      <Button onClick={sendNow} loading={busy} aria-label={name ? `Send ${name} to CRM` : undefined}>Send to CRM</Button>
      <Popover content={log} title="Sends to CRM" open={open} onOpenChange={(o) => { setOpen(o); if (o) void reload(); }} trigger="click">
        <Button aria-label={name ? `Sends to CRM of ${name}` : "Sends to CRM of this item"}>Log</Button>
      </Popover>
    </Space.Compact>
  );
}
