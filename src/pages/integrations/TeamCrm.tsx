// HubSpot and Zoho CRM on the Team page (issue 20, point 5), for the team's owner and admins:
// connect each (a HubSpot private app token; a Zoho Self Client's client id, secret, refresh token
// and data centre), map our id and CIN to their fields once, switch on sending on shortlist, test,
// disconnect, and read the log of sends. Secrets are typed here and never shown again: the server
// keeps them encrypted and answers only the last four characters.
import { Alert, Button, Form, Input, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { Panel } from "../../components/page/Panel";
import { formatDateTime } from "../../lib/format";
import { toastError, toastSuccess } from "../../lib/toast";
import {
  CRM_DEFAULT_MAPPING, CRM_URL, CRM_VENDOR_LABELS, CRM_VENDORS, SEND_STATUS_LABELS, useCrmConnections, useCrmSends, useCrmWrite, writeError,
  ZOHO_DATA_CENTRE_CODES, ZOHO_DATA_CENTRES, type CrmConnection, type CrmSend, type CrmVendor,
} from "./crmApi";
import "./integrations.css";
import { PasswordInput } from "../../components/form/PasswordInput";

export function TeamCrm() {
  const { connections, error, reload } = useCrmConnections();
  const { sends, reload: reloadSends } = useCrmSends();
  return (
    <Panel title="Integrations: HubSpot and Zoho CRM">
      <Typography.Paragraph type="secondary">
        "Send to CRM" on a lead, tender or company creates or updates the company, the contacts your team has unlocked and a deal there, never twice: records are matched by
        our id in a custom field, then by CIN, web domain or name, and contacts by e-mail.
      </Typography.Paragraph>
      {error && <Typography.Paragraph type="danger">The CRM connections could not be loaded: {writeError(error)}</Typography.Paragraph>}
      {CRM_VENDORS.map((v) => {
        const connection = connections.find((c) => c.vendor === v);
        // a new form (and form store) once the connection loads or is replaced, so its values show
        return <CrmVendorForm key={`${v}:${connection?.connected_at ?? "new"}`} vendor={v} connection={connection} onChange={() => { void reload(); void reloadSends(); }} />;
      })}
      <Typography.Title level={5}>Sends</Typography.Title>
      <Table<CrmSend>
        aria-label="Sends to CRM"
        size="small"
        rowKey="id"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={sends}
        locale={{ emptyText: "Nothing sent yet." }}
        columns={[
          { title: "When", key: "when", render: (_, s) => formatDateTime(s.sent_at ?? s.created_at) },
          { title: "CRM", key: "vendor", render: (_, s) => CRM_VENDOR_LABELS[s.vendor] },
          { title: "Item", key: "item", render: (_, s) => `${s.item_type === "project" ? "lead" : s.item_type} ${s.item_id}` },
          { title: "By", key: "by", render: (_, s) => `${s.requested_by_name ?? "—"}${s.trigger === "shortlist" ? " (on shortlist)" : ""}` },
          { title: "Status", key: "status", render: (_, s) => <Tag color={s.status === "sent" ? "green" : s.status === "failed" ? "red" : "blue"}>{SEND_STATUS_LABELS[s.status]}</Tag> },
          {
            title: "Records", key: "records",
            render: (_, s) => (
              <Space direction="vertical" size={0}>
                {s.records.map((r) => (r.url ? <a key={r.id} href={r.url} target="_blank" rel="noreferrer">{`${r.object_type} ${r.id}`}</a> : <span key={r.id}>{`${r.object_type} ${r.id}`}</span>))}
                {s.last_error && <Typography.Text type={s.status === "sent" ? "secondary" : "danger"}>{s.last_error}</Typography.Text>}
              </Space>
            ),
          },
        ]}
      />
    </Panel>
  );
}

interface Values {
  token?: string;
  client_id?: string;
  client_secret?: string;
  refresh_token?: string;
  data_centre?: string;
  mapping: Record<string, string>;
  auto_on_shortlist: boolean;
}

function CrmVendorForm({ vendor, connection, onChange }: { vendor: CrmVendor; connection?: CrmConnection; onChange: () => void }) {
  const write = useCrmWrite();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const label = CRM_VENDOR_LABELS[vendor];
  const mapping = (connection?.mapping ?? CRM_DEFAULT_MAPPING[vendor]) as unknown as Record<string, string>;

  async function save(values: Values) {
    setBusy(true);
    setRefusal(null);
    try {
      const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ""));
      await write("put", `${CRM_URL}${vendor}/`, body);
      toastSuccess(connection ? `${label} settings saved.` : `${label} connected.`);
      form.resetFields(["token", "client_secret", "refresh_token"]);
      onChange();
    } catch (e) {
      setRefusal(writeError(e));
    } finally {
      setBusy(false);
    }
  }
  async function test() {
    setBusy(true);
    try {
      const r = await write<{ ok: boolean; error: string | null }>("post", `${CRM_URL}${vendor}/test/`);
      if (r.ok) toastSuccess(`${label} answered: the credentials work.`);
      else toastError(r.error ?? `${label} did not accept the credentials.`);
      onChange();
    } catch (e) {
      toastError(writeError(e));
    } finally {
      setBusy(false);
    }
  }
  async function disconnect() {
    setBusy(true);
    try {
      await write("delete", `${CRM_URL}${vendor}/`);
      toastSuccess(`${label} disconnected.`);
      onChange();
    } catch (e) {
      toastError(writeError(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="crm-vendor" aria-label={label}>
      <Typography.Title level={5}>
        {label}{" "}
        {connection ? (connection.needs_reauth ? <Tag color="red">Needs new credentials</Tag> : <Tag color="green">Connected</Tag>) : <Tag>Not connected</Tag>}
      </Typography.Title>
      {connection && (
        <Typography.Paragraph type="secondary">
          {vendor === "hubspot" ? "Token" : "Refresh token"} {connection.secret_hint}
          {connection.data_centre ? ` · data centre ${connection.data_centre}` : ""} · connected {formatDateTime(connection.connected_at)}
          {connection.connected_by_name ? ` by ${connection.connected_by_name}` : ""}
        </Typography.Paragraph>
      )}
      {connection?.last_error && <Alert type={connection.needs_reauth ? "error" : "warning"} showIcon message={connection.last_error} />}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{ client_id: connection?.client_id ?? undefined, data_centre: connection?.data_centre ?? "in", mapping, auto_on_shortlist: connection?.auto_on_shortlist ?? false }}
      >
        {vendor === "hubspot" ? (
          <Form.Item name="token" label="Private app access token" rules={connection ? [] : [{ required: true, message: "Enter the private app's access token." }]}
            extra="HubSpot → Settings → Integrations → Private apps, with the scopes crm.objects.companies, contacts and deals (read and write).">
            <PasswordInput autoComplete="off" placeholder={connection ? "Leave empty to keep the current token" : "pat-na1-…"} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="client_id" label="Client ID" rules={[{ required: true, message: "Enter the Self Client's client id." }]}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="client_secret" label="Client secret" rules={connection ? [] : [{ required: true, message: "Enter the client secret." }]}>
              <PasswordInput autoComplete="off" placeholder={connection ? "Leave empty to keep it" : undefined} />
            </Form.Item>
            <Form.Item name="refresh_token" label="Refresh token" rules={connection ? [] : [{ required: true, message: "Enter a refresh token." }]}
              extra="api-console.zoho.com → Self Client, scopes ZohoCRM.modules.ALL,ZohoCRM.org.READ; exchange the code for a refresh token.">
              <PasswordInput autoComplete="off" placeholder={connection ? "Leave empty to keep it" : undefined} />
            </Form.Item>
            <Form.Item name="data_centre" label="Data centre">
              <Select options={ZOHO_DATA_CENTRE_CODES.map((c) => ({ value: c, label: ZOHO_DATA_CENTRES[c].label }))} />
            </Form.Item>
          </>
        )}
        <Space wrap align="start">
          {Object.keys(mapping).map((k) =>
            k === "deal_module" ? (
              <Form.Item key={k} name={["mapping", k]} label="Leads and tenders become">
                <Select style={{ minWidth: 120 }} options={[{ value: "Deals", label: "Deals" }, { value: "Leads", label: "Leads" }]} />
              </Form.Item>
            ) : (
              <Form.Item key={k} name={["mapping", k]} label={MAPPING_LABELS[k] ?? k}>
                <Input />
              </Form.Item>
            ),
          )}
        </Space>
        <Form.Item name="auto_on_shortlist" label="Send a lead automatically when a teammate shortlists it" valuePropName="checked">
          <Switch />
        </Form.Item>
        {refusal && <Alert type="error" showIcon role="alert" message={refusal} />}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>{connection ? "Save" : `Connect ${label}`}</Button>
          {connection && <Button onClick={test} disabled={busy}>Test</Button>}
          {connection && (
            <Popconfirm title={`Disconnect ${label}? Its credentials and the log of sends to it are deleted.`} onConfirm={disconnect}>
              <Button danger disabled={busy}>Disconnect</Button>
            </Popconfirm>
          )}
        </Space>
      </Form>
    </section>
  );
}

const MAPPING_LABELS: Record<string, string> = {
  id_property: "Our id → property",
  cin_property: "CIN → property",
  deal_pipeline: "Deal pipeline",
  deal_stage: "New deals' stage",
  id_field: "Our id → field",
  cin_field: "CIN → field",
};
