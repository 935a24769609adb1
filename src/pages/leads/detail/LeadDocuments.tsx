// The documents our research team added to a lead (work/{id}/documents/; staff add them in the
// project editor): each with its title, its web address when it has one, a short excerpt of its
// text and the day it was added, oldest first as the API answers.
import { FileTextOutlined, LinkOutlined } from "@ant-design/icons";
import { Alert, Empty, List, Skeleton, Typography } from "antd";
import { SafeLink } from "../../../components/SafeLink";
import { formatDate } from "../../../lib/format";
import type { StaffDocument as LeadDocument } from "../../update-projects/ProjectDocumentsCard";
import { listOf } from "../api";
import { useLeadPart } from "./useLead";

export function LeadDocuments({ leadId }: { leadId: string }) {
  const query = useLeadPart<{ results: LeadDocument[] }>(leadId, "documents/");
  if (query.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (query.isError) return <Alert type="warning" showIcon message="Documents could not be loaded" description={(query.error as Error)?.message} />;
  const documents = listOf<LeadDocument>(query.data);
  if (documents.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No documents added yet" className="lead-documents-empty" />;
  return (
    <section aria-label="Documents added to this lead" className="lead-documents">
      <List<LeadDocument>
        size="small"
        dataSource={documents}
        rowKey="id"
        renderItem={(d) => (
          <List.Item className="lead-document" data-document-id={d.id}>
            <div className="lead-document-body" style={{ minWidth: 0 }}>
              <Typography.Text strong className="lead-document-title">
                <FileTextOutlined /> {d.title}
              </Typography.Text>
              {d.url && (
                <div>
                  <SafeLink
                    href={d.url}
                    ellipsis
                    className="lead-document-link"
                    style={{ maxWidth: "100%" }}
                    fallback={<Typography.Text type="secondary" ellipsis className="lead-document-address" style={{ maxWidth: "100%" }}>{d.url}</Typography.Text>}
                  >
                    <LinkOutlined /> {d.url}
                  </SafeLink>
                </div>
              )}
              {d.excerpt && (
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="lead-document-excerpt" style={{ marginBottom: 0 }}>
                  {d.excerpt}
                </Typography.Paragraph>
              )}
              <Typography.Text type="secondary" className="lead-document-date">
                Added {formatDate(d.created_at)}
              </Typography.Text>
            </div>
          </List.Item>
        )}
      />
    </section>
  );
}
