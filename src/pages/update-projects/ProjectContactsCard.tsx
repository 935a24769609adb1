// Staff editor: the lead's contacts (in full, as staff see them) and a form to add one — name,
// designation, seniority (the seven levels), source (the three sources), phone (checked with
// libphonenumber, Indian numbers without +91 accepted) and/or e-mail, role. The server checks
// it all again (work/{id}/contacts/); its field messages show beside the inputs.
import { Col, Form, Input, Row, Select, Tag, Typography } from "antd";
import { CONTACT_SOURCE_LABELS, CONTACT_SOURCES, SENIORITY_LEVELS } from "../../../common/constants";
import { AddItemCard } from "./AddItemCard";
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

/**
 * Client-side phone check: what the server will accept (region IN by default), with the server's
 * full metadata. libphonenumber's is ≈ 70 KB gzipped: fetched when a phone number is first checked,
 * not with the page.
 */
export async function phoneLooksValid(value: string): Promise<boolean> {
  const text = value.trim();
  if (/[a-z]/i.test(text)) return false;
  const { isValidPhoneNumber } = await import("libphonenumber-js/max");
  return isValidPhoneNumber(text, "IN");
}

export function ProjectContactsCard({ id, onAdded }: { id: string; onAdded: () => void }) {
  return (
    <AddItemCard<StaffContact, NewContactValues>
      noun="contact"
      url={`work/${id}/contacts/`}
      queryKey={contactsKey(id)}
      fieldNames={["name", "designation", "seniority", "source", "phone", "email", "role", "company_id"]}
      initialValues={{ source: "telephone" }}
      nameOf={(c) => c.name}
      onAdded={onAdded}
      fields={
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
                  validator: async (_, v?: string) => {
                    if (v?.trim()) {
                      if (!(await phoneLooksValid(v))) throw new Error("Enter a valid phone number.");
                      return;
                    }
                    if (!getFieldValue("email")?.trim()) throw new Error("Give a phone number or an e-mail address.");
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
      }
      renderItem={(c) => (
        <div>
          <Typography.Text strong>{c.name}</Typography.Text> {c.role && <Tag>{c.role}</Tag>}
          <div>
            <Typography.Text type="secondary">{[c.designation, c.seniority, c.source_label].filter(Boolean).join(" · ")}</Typography.Text>
          </div>
          <div className="contact-reach">{[c.phone, c.email].filter(Boolean).join(" · ") || "—"}</div>
        </div>
      )}
    />
  );
}
