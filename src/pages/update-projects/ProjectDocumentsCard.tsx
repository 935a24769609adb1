// Staff editor: the lead's documents and a form to add one — a title with the document's text,
// its web address, or both (work/{id}/documents/).
import { FileTextOutlined, LinkOutlined } from "@ant-design/icons";
import { Form, Input, Typography } from "antd";
import { SafeLink } from "../../components/SafeLink";
import { formatDate } from "../../lib/format";
import { webUrlRule } from "../../lib/webUrlRule";
import { AddItemCard } from "./AddItemCard";

export interface StaffDocument {
  id: number;
  title: string;
  url: string | null;
  excerpt: string;
  text_length: number;
  created_by: string | null;
  created_at: string;
}
interface NewDocumentValues {
  title: string;
  body?: string;
  url?: string;
}

export const documentsKey = (id: string) => ["infrascout", "staff-project-documents", id] as const;

export function ProjectDocumentsCard({ id, onAdded }: { id: string; onAdded: () => void }) {
  return (
    <AddItemCard<StaffDocument, NewDocumentValues>
      noun="document"
      url={`work/${id}/documents/`}
      queryKey={documentsKey(id)}
      fieldNames={["title", "body", "url"]}
      nameOf={(d) => d.title}
      onAdded={onAdded}
      fields={
        <>
          <Form.Item label="Title" name="title" rules={[{ required: true, whitespace: true, message: "A document needs a title" }]}>
            <Input maxLength={300} placeholder="e.g. Environment clearance" />
          </Form.Item>
          <Form.Item label="Web address" name="url" rules={[webUrlRule]}>
            <Input inputMode="url" maxLength={2000} placeholder="https://…" />
          </Form.Item>
          <Form.Item
            label="Text"
            name="body"
            dependencies={["url"]}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v?: string) =>
                  v?.trim() || getFieldValue("url")?.trim() ? Promise.resolve() : Promise.reject(new Error("Give the document's text or its web address.")),
              }),
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} placeholder="Paste the document's text" />
          </Form.Item>
        </>
      }
      renderItem={(d) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong>
            <FileTextOutlined /> {d.title}
          </Typography.Text>
          {d.url && (
            <div>
              <SafeLink
                href={d.url}
                ellipsis
                style={{ maxWidth: "100%" }}
                fallback={<Typography.Text type="secondary" ellipsis style={{ maxWidth: "100%" }}>{d.url}</Typography.Text>}
              >
                <LinkOutlined /> {d.url}
              </SafeLink>
            </div>
          )}
          {d.excerpt && <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>{d.excerpt}</Typography.Paragraph>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDate(d.created_at)}
            {d.created_by ? ` · ${d.created_by}` : ""}
          </Typography.Text>
        </div>
      )}
    />
  );
}
