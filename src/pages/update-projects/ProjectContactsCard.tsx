// Staff editor: the lead's contacts (in full, as staff see them) and a form to add one — name,
// designation, seniority (the seven levels), source (the three sources), phone (checked with
// libphonenumber, Indian numbers without +91 accepted) and/or e-mail, role. The server checks
// it all again (work/{id}/contacts/); its field messages show beside the inputs.
import { PlusOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Col, Empty, Form, Input, List, Row, Select, Tag, Typography } from "antd";
import { isValidPhoneNumber } from "libphonenumber-js/max";
import { useState } from "react";
import { CONTACT_SOURCE_LABELS, CONTACT_SOURCES, SENIORITY_LEVELS } from "../../../common/constants";
import { toastSuccess } from "../../lib/toast";
import { HttpError, http } from "../../providers/http";
import { CompanySelect } from "./CompanySelect";

export interface StaffContact {
  id: number;
  name: string;
  designation: string | null;
  seniority: string | null;
  source: string;
  source_label: string;
  phone: string | null;
  email: string | null;
  role: string | null;
  company: { id: number; name: string } | null;
}
export interface NewContactValues {
  name: string;
  designation?: string;
  seniority?: string;
  source: string;
  phone?: string;
  email?: string;
  role?: string;
  company_id?: number | null;
}

export const CONTACT_ROLES = ["owner", "architect", "contractor", "consultant"] as const;
export const contactsKey = (id: string) => ["infrascout", "staff-project-contacts", id] as const;

/** The POST body: text trimmed, blanks left out. */
export function contactBody(v: NewContactValues): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, value] of Object.entries(v)) {
    const kept = typeof value === "string" ? value.trim() : value;
    if (kept) out[k] = kept;
  }
  return out;
}

/** Client-side phone check: what the server will accept (region IN by default). */
export function phoneLooksValid(value: string): boolean {
  const text = value.trim();
  return !/[a-z]/i.test(text) && isValidPhoneNumber(text, "IN");
}

export function ProjectContactsCard({ id, onAdded }: { id: string; onAdded: () => void }) {
  const [form] = Form.useForm<NewContactValues>();
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const contacts = useQuery({
    queryKey: contactsKey(id),
    queryFn: ({ signal }) => http.get<{ results: StaffContact[] }>(`work/${id}/contacts/`, { signal }),
  });

  const submit = async (values: NewContactValues) => {
    setBusy(true);
    try {
      const added = await http.post<StaffContact>(`work/${id}/contacts/`, contactBody(values));
      toastSuccess(`Contact '${added.name}' added`);
      form.resetFields();
      setAdding(false);
      await contacts.refetch();
      onAdded();
    } catch (err) {
      // The HTTP layer has shown the toast; put field messages beside their inputs too.
      if (err instanceof HttpError && err.errors) {
        const inputs = ["name", "designation", "seniority", "source", "phone", "email", "role", "company_id"];
        form.setFields(Object.entries(err.errors).filter(([f]) => inputs.includes(f)).map(([name, errors]) => ({ name: name as keyof NewContactValues, errors })));
      }
    } finally {
      setBusy(false);
    }
  };

  const rows = contacts.data?.results ?? [];
  return (
    <Card
      size="small"
      title="Contacts"
      className="project-contacts"
      extra={
        !adding && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Add contact
          </Button>
        )
      }
    >
      {adding && (
        <Form form={form} name="add-contact" layout="vertical" onFinish={(v) => void submit(v)} requiredMark="optional" className="add-contact-form" style={{ marginBottom: 16 }} initialValues={{ source: "telephone" }}>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: "A contact needs a name" }]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Designation" name="designation">
                <Input maxLength={200} placeholder="e.g. Project Head" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Seniority" name="seniority">
                <Select allowClear options={SENIORITY_LEVELS.map((s) => ({ value: s, label: s }))} placeholder="Choose a level" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Source" name="source" rules={[{ required: true, message: "Where the contact came from" }]}>
                <Select options={CONTACT_SOURCES.map((s) => ({ value: s, label: CONTACT_SOURCE_LABELS[s] }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                label="Phone"
                name="phone"
                dependencies={["email"]}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v?: string) => {
                      if (v?.trim()) return phoneLooksValid(v) ? Promise.resolve() : Promise.reject(new Error("Enter a valid phone number."));
                      return getFieldValue("email")?.trim() ? Promise.resolve() : Promise.reject(new Error("Give a phone number or an e-mail address."));
                    },
                  }),
                ]}
              >
                <Input inputMode="tel" maxLength={40} placeholder="98123 45612 or +91 …" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="E-mail" name="email" rules={[{ type: "email", message: "Enter a valid e-mail address." }]}>
                <Input inputMode="email" maxLength={254} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Company" name="company_id">
                <CompanySelect current={null} placeholder="Search companies" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Role on the project" name="role">
                <Select allowClear options={CONTACT_ROLES.map((r) => ({ value: r, label: r[0].toUpperCase() + r.slice(1) }))} />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={busy}>
            Save contact
          </Button>
          <Button type="link" onClick={() => setAdding(false)}>
            Cancel
          </Button>
        </Form>
      )}
      {rows.length ? (
        <List
          size="small"
          className="project-contact-list"
          dataSource={rows}
          renderItem={(c) => (
            <List.Item key={c.id}>
              <div>
                <Typography.Text strong>{c.name}</Typography.Text> {c.role && <Tag>{c.role}</Tag>}
                <div>
                  <Typography.Text type="secondary">{[c.designation, c.seniority, c.source_label].filter(Boolean).join(" · ")}</Typography.Text>
                </div>
                <div className="contact-reach">{[c.phone, c.email].filter(Boolean).join(" · ") || "—"}</div>
              </div>
            </List.Item>
          )}
        />
      ) : (
        !adding && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={contacts.isError ? "Contacts could not be loaded." : "No contacts yet."} />
      )}
    </Card>
  );
}
