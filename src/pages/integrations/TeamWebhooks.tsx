// Integrations on the Team page (issue 20, point 4), for the team's owner and admins: the team's
// signed webhooks — add one (https URL, signing secret, events), send a test event, see each one's
// deliveries (WebhookDeliveries) and delete it. The secret is shown only while it is typed or made
// here: the server keeps it encrypted and answers only its last four characters.
import { Button, Checkbox, Form, Input, Popconfirm, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { Panel } from "../../components/page/Panel";
import { formatDateTime } from "../../lib/format";
import { toastError, toastSuccess } from "../../lib/toast";
import { WebhookDeliveries } from "./WebhookDeliveries";
import { newSecret, useWebhooks, useWebhookWrite, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOKS_URL, writeError, type Webhook, type WebhookDelivery, type WebhookEvent } from "./webhooksApi";
import "./integrations.css";

interface Values {
  url: string;
  secret: string;
  events: WebhookEvent[];
}

export function TeamWebhooks() {
  const { webhooks, loading, error, reload } = useWebhooks();
  const write = useWebhookWrite();
  const [open, setOpen] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  async function remove(hook: Webhook) {
    setBusy(hook.id);
    try {
      await write("delete", `${WEBHOOKS_URL}${hook.id}/`);
      toastSuccess("Webhook deleted.");
      if (open === hook.id) setOpen(null);
      void reload();
    } catch (e) {
      toastError(writeError(e));
    } finally {
      setBusy(null);
    }
  }

  async function test(hook: Webhook) {
    setBusy(hook.id);
    try {
      const d = await write<WebhookDelivery>("post", `${WEBHOOKS_URL}${hook.id}/test/`);
      if (d.status === "delivered") toastSuccess(`Test event delivered (HTTP ${d.last_status_code}).`);
      else toastError(`Test event not delivered: ${d.last_error ?? "no answer"}.`);
      setOpen(hook.id);
    } catch (e) {
      toastError(writeError(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Panel title="Integrations: webhooks">
      <Typography.Paragraph type="secondary">
        InfraScout POSTs each event as JSON to your URL, signed with your secret in the X-InfraScout-Signature header (sha256=HMAC-SHA256 of the body). Failed deliveries are retried for about a day.
      </Typography.Paragraph>
      {error && <Typography.Paragraph type="danger">The webhooks could not be loaded: {writeError(error)}</Typography.Paragraph>}
      {!loading && !error && webhooks.length === 0 && <Typography.Paragraph type="secondary">No webhooks yet.</Typography.Paragraph>}
      {webhooks.length > 0 && (
        <ul className="team-list" aria-label="Webhooks">
          {webhooks.map((h) => (
            <li key={h.id} className="webhook-item">
              <div className="team-row">
                <div className="team-row-who">
                  <Typography.Text strong className="webhook-url">{h.url}</Typography.Text>
                  <div className="team-row-sub">
                    secret {h.secret_hint} · added {formatDateTime(h.created_at)}
                    {h.created_by_name ? ` by ${h.created_by_name}` : ""}
                  </div>
                  <div>
                    {h.events.map((e) => (
                      <Tag key={e}>{e}</Tag>
                    ))}
                  </div>
                </div>
                <div className="team-row-actions">
                  <Button size="small" onClick={() => setOpen(open === h.id ? null : h.id)} aria-expanded={open === h.id} aria-label={`Deliveries of ${h.url}`}>
                    Deliveries
                  </Button>
                  <Button size="small" loading={busy === h.id} onClick={() => void test(h)} aria-label={`Send a test event to ${h.url}`}>
                    Send test
                  </Button>
                  <Popconfirm title="Delete this webhook? Events are no longer sent to it." okText="Delete" onConfirm={() => remove(h)}>
                    <Button size="small" danger aria-label={`Delete the webhook ${h.url}`}>
                      Delete
                    </Button>
                  </Popconfirm>
                </div>
              </div>
              {open === h.id && <WebhookDeliveries webhook={h} />}
            </li>
          ))}
        </ul>
      )}
      <AddWebhook onAdded={() => void reload()} />
    </Panel>
  );
}

function AddWebhook({ onAdded }: { onAdded: () => void }) {
  const [form] = Form.useForm<Values>();
  const write = useWebhookWrite();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function add(v: Values) {
    setSending(true);
    setRefusal(null);
    try {
      await write("post", WEBHOOKS_URL, { url: v.url.trim(), secret: v.secret, events: v.events });
      toastSuccess("Webhook added.");
      form.resetFields();
      onAdded();
    } catch (e) {
      setRefusal(writeError(e));
    } finally {
      setSending(false);
    }
  }

  return (
    <Form<Values> form={form} layout="vertical" className="webhook-form" initialValues={{ events: ["lead.shortlisted"] }} onFinish={(v) => void add(v)}>
      <Typography.Title level={5}>Add a webhook</Typography.Title>
      <Form.Item name="url" label="URL" rules={[{ required: true, whitespace: true, message: "Enter the URL to send events to" }]}>
        <Input placeholder="https://crm.example.com/hooks/infrascout" autoComplete="off" inputMode="url" />
      </Form.Item>
      <Form.Item label="Signing secret" required extra="Keep a copy: it is stored encrypted and never shown again.">
        <Space.Compact className="webhook-secret">
          <Form.Item name="secret" noStyle rules={[{ required: true, message: "Enter a secret" }, { min: 16, message: "At least 16 characters" }]}>
            <Input aria-label="Signing secret" autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Button onClick={() => form.setFieldValue("secret", newSecret())}>Generate</Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="events" label="Events" rules={[{ required: true, type: "array", min: 1, message: "Choose at least one event" }]}>
        <Checkbox.Group className="webhook-events" options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: `${e} — ${WEBHOOK_EVENT_LABELS[e]}` }))} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending}>
        Add webhook
      </Button>
      {refusal && (
        <Typography.Paragraph type="danger" role="alert" className="team-refusal">
          {refusal}
        </Typography.Paragraph>
      )}
    </Form>
  );
}
