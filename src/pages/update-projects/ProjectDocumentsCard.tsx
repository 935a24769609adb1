// Staff editor: the lead's documents and a form to add one — a title with the document's text,
// its web address, or both (work/{id}/documents/).
import { FileTextOutlined, LinkOutlined, PlusOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Empty, Form, Input, List, Typography } from "antd";
import { useState } from "react";
import { formatDate } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { HttpError, http } from "../../providers/http";

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
  const [form] = Form.useForm<NewDocumentValues>();
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const documents = useQuery({
    queryKey: documentsKey(id),
    queryFn: ({ signal }) => http.get<{ results: StaffDocument[] }>(`work/${id}/documents/`, { signal }),
  });

  const submit = async (values: NewDocumentValues) => {
    setBusy(true);
    try {
      const body = values.body?.trim();
      const url = values.url?.trim();
      const added = await http.post<StaffDocument>(`work/${id}/documents/`, { title: values.title.trim(), ...(body ? { body } : {}), ...(url ? { url } : {}) });
      toastSuccess(`Document '${added.title}' added`);
      form.resetFields();
      setAdding(false);
      await documents.refetch();
      onAdded();
    } catch (err) {
      if (err instanceof HttpError && err.errors) {
        form.setFields(Object.entries(err.errors).filter(([f]) => ["title", "body", "url"].includes(f)).map(([name, errors]) => ({ name: name as keyof NewDocumentValues, errors })));
      }
    } finally {
      setBusy(false);
    }
  };

  const rows = documents.data?.results ?? [];
  return (
    <Card
      size="small"
      title="Documents"
      className="project-documents"
      extra={
        !adding && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Add document
          </Button>
        )
      }
    >
      {adding && (
        <Form form={form} name="add-document" layout="vertical" onFinish={(v) => void submit(v)} requiredMark="optional" className="add-document-form" style={{ marginBottom: 16 }}>
          <Form.Item label="Title" name="title" rules={[{ required: true, whitespace: true, message: "A document needs a title" }]}>
            <Input maxLength={300} placeholder="e.g. Environment clearance" />
          </Form.Item>
          <Form.Item label="Web address" name="url" rules={[{ type: "url", message: "A web address (https://…)" }]}>
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
          <Button type="primary" htmlType="submit" loading={busy}>
            Save document
          </Button>
          <Button type="link" onClick={() => setAdding(false)}>
            Cancel
          </Button>
        </Form>
      )}
      {rows.length ? (
        <List
          size="small"
          className="project-document-list"
          dataSource={rows}
          renderItem={(d) => (
            <List.Item key={d.id}>
              <div style={{ minWidth: 0 }}>
                <Typography.Text strong>
                  <FileTextOutlined /> {d.title}
                </Typography.Text>
                {d.url && (
                  <div>
                    <Typography.Link href={d.url} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: "100%" }}>
                      <LinkOutlined /> {d.url}
                    </Typography.Link>
                  </div>
                )}
                {d.excerpt && <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>{d.excerpt}</Typography.Paragraph>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDate(d.created_at)}
                  {d.created_by ? ` · ${d.created_by}` : ""}
                </Typography.Text>
              </div>
            </List.Item>
          )}
        />
      ) : (
        !adding && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={documents.isError ? "Documents could not be loaded." : "No documents yet."} />
      )}
    </Card>
  );
}
