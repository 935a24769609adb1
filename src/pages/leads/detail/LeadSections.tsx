// The lead detail page's smaller sections: documents (the list, their contacts and specs), keywords,
// status updates, histories and similar leads (images: LeadImages.tsx). Each loads on its own and
// shows its own failure, so one missing part never blanks the page.
import { LockOutlined } from "@ant-design/icons";
import { Alert, Empty, List, Skeleton, Tag, Timeline, Typography } from "antd";
import { TabSet } from "../../../components/page/TabSet";
import { DataTable } from "../../../components/page/DataTable";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { MARK_LABELS, type Mark } from "../../../../common/constants";
import { formatDate, formatDateTime, formatLocation, formatRupees, formatText } from "../../../lib/format";
import {
  leadDetailPath,
  listOf,
  type DocumentContact,
  type DocumentSpec,
  type HistoryEntry,
  type MarkHistoryEntry,
  type SimilarLead,
  type StatusUpdate,
} from "../api";
import { StatusTag, TypeTags } from "../LeadResults";
import { LeadDocuments } from "./LeadDocuments";
import { useLeadPart } from "./useLead";

const none = (text: string) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;

/** Loading, failure and empty states of one part, then its content. */
export function Part<T>({ query, empty, children }: { query: { isPending: boolean; isError: boolean; error: unknown; data: unknown }; empty: string; children: (items: T[]) => ReactNode }) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.isError) return <Alert type="warning" showIcon message="Could not be loaded" description={(query.error as Error)?.message} />;
  const items = listOf<T>(query.data);
  return items.length ? <>{children(items)}</> : none(empty);
}

const masked = (v: string | null) => (v && v.includes("X") ? <span className="contact-masked"><LockOutlined /> {v}</span> : formatText(v));

export function DocumentsSection({ leadId }: { leadId: string }) {
  const contacts = useLeadPart<DocumentContact[]>(leadId, "document-contacts/");
  const specs = useLeadPart<DocumentSpec[]>(leadId, "document-specs/");
  return (
    <>
      <LeadDocuments leadId={leadId} />
      <TabSet
        size="small"
        items={[
          {
            key: "specs",
            label: "Specifications",
            children: (
              <Part<DocumentSpec> query={specs} empty="No specifications extracted from documents">
                {(items) => (
                  <DataTable<DocumentSpec>
                    size="small"
                    rowKey={(r, i) => `${r.document_id}-${i}`}
                    pagination={{ pageSize: 10 }}
                    rows={items}
                    columns={[
                      { title: "Item", key: "item", dataIndex: "item", width: "35%" },
                      { title: "Specification", key: "spec", dataIndex: "spec" },
                      { title: "Document", key: "document", dataIndex: "document_title", responsive: ["md"] },
                    ]}
                  />
                )}
              </Part>
            ),
          },
          {
            key: "contacts",
            label: "Document contacts",
            children: (
              <Part<DocumentContact> query={contacts} empty="No contacts found in documents">
                {(items) => (
                  <DataTable<DocumentContact>
                    size="small"
                    rowKey={(r, i) => `${r.document_id}-${i}`}
                    minWidth={640}
                    rows={items}
                    columns={[
                      { title: "Name", key: "name", render: (_, r) => <><div>{formatText(r.name)}</div><Typography.Text type="secondary">{[r.designation, r.company].filter(Boolean).join(", ")}</Typography.Text></> },
                      { title: "Role", key: "role", dataIndex: "role", render: formatText },
                      { title: "Phone", key: "phone", dataIndex: "phone", render: masked },
                      { title: "E-mail", key: "email", dataIndex: "email", render: masked },
                      { title: "Document", key: "document", dataIndex: "document_title" },
                    ]}
                  />
                )}
              </Part>
            ),
          },
        ]}
      />
    </>
  );
}

export function KeywordsSection({ leadId, own }: { leadId: string; own: string[] }) {
  const query = useLeadPart<string[] | { keywords: string[] }>(leadId, "all-keywords");
  const fromServer = listOf<string>(query.data, "keywords");
  const keywords = fromServer.length ? fromServer : own;
  if (query.isPending && own.length === 0) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (keywords.length === 0) return none("No keywords");
  return (
    <div className="keywords">
      {keywords.map((k) => (
        <Tag key={k}>{k}</Tag>
      ))}
    </div>
  );
}

export function StatusUpdatesSection({ leadId }: { leadId: string }) {
  const query = useLeadPart<StatusUpdate[]>(leadId, "status-update/");
  return (
    <Part<StatusUpdate> query={query} empty="No status updates yet">
      {(items) => (
        <Timeline
          className="status-timeline"
          items={items.map((u) => ({
            key: u.id,
            children: (
              <>
                <div>
                  {u.old_status ? (
                    <>
                      <StatusTag status={u.old_status} /> → <StatusTag status={u.new_status} />
                    </>
                  ) : (
                    <StatusTag status={u.new_status} />
                  )}
                </div>
                {u.note && <Typography.Paragraph className="timeline-note">{u.note}</Typography.Paragraph>}
                <Typography.Text type="secondary">
                  {formatDate(u.created_at)}
                  {u.created_by ? ` · ${u.created_by}` : ""}
                </Typography.Text>
              </>
            ),
          }))}
        />
      )}
    </Part>
  );
}

function changeText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.map(changeText).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** {field: [old, new]} (or {field: new}) → 'field: old → new' lines. */
function Changes({ changes }: { changes: Record<string, unknown> }) {
  return (
    <ul className="history-changes">
      {Object.entries(changes ?? {}).map(([field, v]) => (
        <li key={field}>
          <Typography.Text strong>{field.replace(/_/g, " ")}</Typography.Text>:{" "}
          {Array.isArray(v) && v.length === 2 ? `${changeText(v[0])} → ${changeText(v[1])}` : changeText(v)}
        </li>
      ))}
    </ul>
  );
}

export function HistoryList({ items, showContact }: { items: HistoryEntry[]; showContact?: boolean }) {
  return (
    <Timeline
      items={items.map((h) => ({
        key: h.id,
        children: (
          <>
            {showContact && h.contact_name && <Typography.Text strong>{h.contact_name}</Typography.Text>}
            <Changes changes={h.changes} />
            <Typography.Text type="secondary">
              {formatDateTime(h.created_at)}
              {h.changed_by ? ` · ${h.changed_by}` : ""}
            </Typography.Text>
          </>
        ),
      }))}
    />
  );
}

const markLabel = (m: string | null | undefined) => (m ? MARK_LABELS[m as Mark] ?? m : "—");

export function HistorySection({ leadId, markHistory }: { leadId: string; markHistory: MarkHistoryEntry[] | undefined }) {
  const history = useLeadPart<HistoryEntry[]>(leadId, "history");
  const contacts = useLeadPart<HistoryEntry[]>(leadId, "contacts-history");
  const marks = markHistory ?? [];
  return (
    <TabSet
      size="small"
      items={[
        {
          key: "project",
          label: "Project history",
          children: (
            <Part<HistoryEntry> query={history} empty="No changes recorded">
              {(items) => <HistoryList items={items} />}
            </Part>
          ),
        },
        {
          key: "contacts",
          label: "Contacts history",
          children: (
            <Part<HistoryEntry> query={contacts} empty="No contact changes recorded">
              {(items) => <HistoryList items={items} showContact />}
            </Part>
          ),
        },
        {
          key: "marks",
          label: "Your marks",
          children: marks.length ? (
            <Timeline
              items={marks.map((m, i) => ({
                key: i,
                children: (
                  <>
                    <div>
                      {`${markLabel(m.old_mark)} → `}
                      <Typography.Text strong>{markLabel(m.new_mark)}</Typography.Text>
                    </div>
                    <Typography.Text type="secondary">{formatDateTime(m.created_at)}</Typography.Text>
                  </>
                ),
              }))}
            />
          ) : (
            none("You have not marked this lead")
          ),
        },
      ]}
    />
  );
}

export function SimilarSection({ leadId, newStyle }: { leadId: string; newStyle?: boolean }) {
  const query = useLeadPart<SimilarLead[]>(leadId, "similar/");
  return (
    <Part<SimilarLead> query={query} empty="No similar leads">
      {(items) => (
        <List
          size="small"
          className="similar-leads"
          dataSource={items}
          renderItem={(s) => (
            <List.Item>
              <div className="similar-lead">
                <Link to={leadDetailPath({ id: s.id, category: s.category, is_ai: !!s.is_ai }, newStyle)}>{s.title}</Link>
                <Typography.Text type="secondary" className="similar-meta">
                  {formatLocation(s.city, s.state)} · {formatRupees(s.value)} {s.status ? `· ${s.status}` : ""}
                </Typography.Text>
                <TypeTags value={s.project_type as string[]} max={2} />
              </div>
            </List.Item>
          )}
        />
      )}
    </Part>
  );
}
