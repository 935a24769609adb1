// /tender/detail/{id}: every field of the tender, its documents, the corrigenda history, the
// award when there is one, similar tenders, and the actions: reminder, share, download the
// documents as one zip, and the AI brief. Opened through a shared link (uid + tid) without
// sign-in it shows the same tender read-only; a refused link goes to the sign-in page.
import "./tenders.css";
import { DownloadOutlined, FileTextOutlined, LinkOutlined, RobotOutlined } from "@ant-design/icons";
import { useDataProvider } from "@refinedev/core";
import { Alert, Button, Col, Descriptions, Empty, List, Row, Skeleton, Space, Tag, Timeline, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import type { DescriptionsProps } from "antd";
import { useState, type ReactNode } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import type { SimilarTenders as SimilarTendersAnswer, TenderDetail } from "../../../common/tenders";
import { allWinners, winnerList } from "../../../common/winners";
import { DetailShell } from "../../components/page/DetailShell";
import { SimilarList } from "../../components/page/SimilarList";
import { useApiPart } from "../../components/page/useApiPart";
import { ChangesTimeline } from "../../components/changes/ChangesTimeline";
import { TeamItemActions } from "../../components/teams/TeamItemActions";
import { ReminderButton } from "../../components/reminders/ReminderButton";
import { saveBlob } from "../../components/search/ExportButtons";
import { SafeLink } from "../../components/SafeLink";
import { formatDate, formatDateTime, formatIndianNumber, formatLocation, formatRupees, formatText, NOT_SPECIFIED } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { tenderPaths, withPair, type SharedPair } from "./api";
import { useTender } from "./useTender";
import { ShareButton } from "./ShareButton";
import { ClosingDate, CorrigendumTag, tenderNumbers, TenderStatusTag } from "./TenderParts";
import { useSharedPage } from "./useSharedPage";
import { Money } from "../../components/format/Money";

/** A rupee amount in words and digits: '₹ 2.5 Crore (₹ 2,50,00,000)'. */
export function moneyText(value: number | null | undefined): string {
  return value === null || value === undefined ? NOT_SPECIFIED : `${formatRupees(value, "long")} (₹ ${formatIndianNumber(value)})`;
}

export const capital = (v: string | null | undefined) => (v ? v.charAt(0).toUpperCase() + v.slice(1) : NOT_SPECIFIED);

export function tenderFields(t: Omit<TenderDetail, "documents" | "corrigenda" | "result" | "shared">): DescriptionsProps["items"] {
  return [
    { key: "portal_tender_id", label: "Tender ID", children: formatText(t.portal_tender_id) },
    { key: "reference", label: "Reference", children: formatText(t.reference) },
    { key: "org", label: "Organisation", children: formatText(t.org_name) },
    { key: "department", label: "Department", children: formatText(t.department) },
    { key: "category", label: "Category", children: capital(t.category) },
    { key: "type", label: "Tender type", children: formatText(t.tender_type) },
    { key: "status", label: "Status", children: <TenderStatusTag status={t.tender_status} /> },
    { key: "corrigendum", label: "Corrigendum", children: t.is_corrigendum ? "Yes" : "No" },
    { key: "value", label: "Estimated value", children: moneyText(t.value) },
    { key: "emd", label: "EMD", children: moneyText(t.emd) },
    { key: "fee", label: "Tender fee", children: moneyText(t.tender_fee) },
    { key: "published", label: "Published", children: formatDate(t.published_date) },
    { key: "prebid", label: "Pre-bid meeting", children: t.prebid_date ? formatDateTime(t.prebid_date) : NOT_SPECIFIED },
    { key: "closing", label: "Closing", children: t.closing_date ? formatDateTime(t.closing_date) : NOT_SPECIFIED },
    { key: "opening", label: "Bid opening", children: t.opening_date ? formatDateTime(t.opening_date) : NOT_SPECIFIED },
    { key: "city", label: "City", children: formatText(t.city) },
    { key: "district", label: "District", children: formatText(t.district) },
    { key: "state", label: "State", children: formatText(t.state) },
    { key: "pincode", label: "Pincode", children: formatText(t.pincode) },
    { key: "status_update", label: "Status updated", children: formatDate(t.status_update_date) },
    { key: "retrieved", label: "Retrieved on", children: formatDate(t.retrieved_on) },
    { key: "reviewed", label: "Reviewed", children: formatDate(t.reviewed_date) },
    { key: "arrived", label: "Arrived", children: formatDate(t.arrived_date) },
    {
      key: "source",
      label: "Source",
      children: (
        <SafeLink href={t.source_url} fallback={formatText(t.source)}>
          {formatText(t.source)} <LinkOutlined />
        </SafeLink>
      ),
    },
    // The publication id an importer keeps (an OCDS ocid): shown only when there is one. A
    // 'Not Specified' beside the Tender ID above would read as a missing Tender ID.
    ...(t.ocid ? [{ key: "ocid", label: "Portal id", children: t.ocid }] : []),
  ];
}

export function Section({ title, children, extra, id }: { title: string; children: ReactNode; extra?: ReactNode; id?: string }) {
  return (
    <Panel title={title} size="small" className="tender-section" extra={extra} id={id}>
      {children}
    </Panel>
  );
}

/** The award box's winner row: every winner by name ('Winners (2)' for lots or a joint award). */
function winnersItem(result: NonNullable<TenderDetail["result"]>) {
  const names = winnerList(result.winner_names, result.winner_name);
  return { label: names.length > 1 ? `Winners (${names.length})` : "Winner", children: names.length ? allWinners(names) : NOT_SPECIFIED };
}

function fileSize(bytes: number | null): string {
  if (bytes === null) return "link only";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function DownloadZipButton({ tenderId, pair }: { tenderId: number; pair: SharedPair | null }) {
  const [busy, setBusy] = useState(false);
  const dataProvider = useDataProvider();
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { data: file } = await dataProvider().custom!<{ blob: Blob; filename: string | null }>({
        url: tenderPaths.downloadZip(tenderId),
        method: "get",
        query: pair ? { uid: pair.uid, tid: pair.tid } : undefined,
        meta: { responseType: "blob" },
      });
      const name = file.filename ?? `tender-${tenderId}.zip`;
      saveBlob(file.blob, name);
      toastSuccess(`Downloaded ${name}`);
    } catch {
      // The HTTP layer has shown the error.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      Download zip
    </Button>
  );
}

function Documents({ tender }: { tender: TenderDetail }) {
  if (tender.documents.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No documents published with this tender" />;
  return (
    <List
      size="small"
      className="tender-documents"
      dataSource={tender.documents}
      renderItem={(d) => (
        <List.Item>
          <div className="tender-document">
            <FileTextOutlined />
            <div>
              <SafeLink href={d.url} fallback={<Typography.Text>{d.file_name}</Typography.Text>}>
                {d.file_name}
              </SafeLink>
              <Typography.Text type="secondary" className="tender-document-meta">
                {d.mime_type} · {fileSize(d.size)}
                {d.has_text ? " · text read for the brief" : ""}
              </Typography.Text>
            </div>
          </div>
        </List.Item>
      )}
    />
  );
}

function Corrigenda({ tender }: { tender: TenderDetail }) {
  if (tender.corrigenda.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No corrigenda issued" />;
  return (
    <Timeline
      className="corrigenda"
      items={tender.corrigenda.map((c) => ({
        key: c.id,
        color: "gold",
        children: (
          <>
            <Typography.Text strong>{c.title}</Typography.Text>
            {c.description && <Typography.Paragraph className="corrigendum-text">{c.description}</Typography.Paragraph>}
            <Typography.Text type="secondary">{formatDate(c.published_date)}</Typography.Text>
          </>
        ),
      }))}
    />
  );
}

type SimilarTender = SimilarTendersAnswer["results"][number];

function SimilarTenders({ tenderId }: { tenderId: string }) {
  return (
    <SimilarList<SimilarTender>
      url={tenderPaths.similar(tenderId)}
      noun="tenders"
      className="similar-tenders"
      renderItem={(s) => (
        <>
          <Link to={`/tender/detail/${s.id}`}>{s.title}</Link>
          <Typography.Text type="secondary" className="similar-meta">
            {formatText(s.org_name)} · {formatLocation(s.city, s.state)} · {formatRupees(s.value)}
          </Typography.Text>
          <span className="tender-tags">
            <TenderStatusTag status={s.tender_status} />
            <Typography.Text type="secondary" className="similar-meta">
              Closing {formatDate(s.closing_date)}
            </Typography.Text>
          </span>
        </>
      )}
    />
  );
}

function Header({ tender, pair, anonymous }: { tender: TenderDetail; pair: SharedPair | null; anonymous: boolean }) {
  const navigate = useNavigate();
  return (
    <div className="tender-header">
      <Space size={[6, 6]} wrap className="tender-tags">
        <TenderStatusTag status={tender.tender_status} />
        <CorrigendumTag on={tender.is_corrigendum} />
        {tender.is_live ? <Tag color="green">Open for bids</Tag> : <Tag>Not open for bids</Tag>}
        {tender.category && <Tag>{capital(tender.category)}</Tag>}
      </Space>
      <div className="tender-header-facts">
        {tender.value === null ? <span className="tender-header-value">Value {NOT_SPECIFIED}</span> : <Money className="tender-header-value" value={tender.value} />}
        <span>{formatText(tender.org_name)}</span>
        <span>{formatLocation(tender.city, tender.district, tender.state)}</span>
        <span>
          Closing <ClosingDate closing={tender.closing_date} live={tender.is_live} />
        </span>
      </div>
      <Space size={8} wrap className="tender-header-actions">
        {!anonymous && !tender.shared && <ReminderButton itemType="tender" itemId={tender.id} />}
        {!anonymous && !tender.shared && <ShareButton kind="tender" itemId={tender.id} />}
        {!anonymous && !tender.shared && <TeamItemActions itemType="tender" itemId={tender.id} />}
        <DownloadZipButton tenderId={tender.id} pair={pair} />
        <Button icon={<RobotOutlined />} onClick={() => navigate(withPair(`/tender/ai-detail/${tender.id}`, pair))}>
          AI brief
        </Button>
      </Space>
    </div>
  );
}

export function SharedNotice({ noun }: { noun: string }) {
  return (
    <Alert
      className="shared-notice"
      type="info"
      showIcon
      message={`A ${noun} shared with you from InfraScout`}
      description={
        <>
          You are reading it without an account. <Link to="/signup">Sign up</Link> or <Link to="/login">log in</Link> to search every live tender and result.
        </>
      }
    />
  );
}

export default function TenderDetailPage() {
  const { id } = useParams();
  const { pair, anonymous, loginUrl } = useSharedPage();
  const detail = useTender(id, pair);
  // A link the server refuses (tampered, revoked, another item) shows the sign-in page, never data.
  if (anonymous && detail.error) return <Navigate to={loginUrl} replace />;
  return (
    <DetailShell
      detail={detail}
      title="Tender Details"
      noun="Tender"
      back={anonymous ? null : { to: "/live-tenders", label: "Live Tenders" }}
      titleOf={(tender) => tender.title}
      subtitleOf={(tender) => tenderNumbers(tender) ?? `Tender #${tender.id}`}
    >
      {(tender) => <TenderContent tender={tender} id={detail.id} pair={pair} anonymous={anonymous} />}
    </DetailShell>
  );
}

function TenderContent({ tender, id, pair, anonymous }: { tender: TenderDetail; id: string; pair: SharedPair | null; anonymous: boolean }) {
  const shared = anonymous || tender.shared;
  return (
    <>
      {shared && <SharedNotice noun="tender" />}
      <Header tender={tender} pair={pair} anonymous={anonymous} />
      <Row gutter={[16, 0]}>
        <Col xs={24} xl={16}>
          <Section title="Tender details">
            {tender.description && <Typography.Paragraph className="tender-description">{tender.description}</Typography.Paragraph>}
            <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }} items={tenderFields(tender)} className="tender-fields" />
          </Section>
          <Section title={`Documents (${tender.documents.length})`} extra={tender.documents.length > 0 ? <DownloadZipButton tenderId={tender.id} pair={pair} /> : undefined}>
            <Documents tender={tender} />
          </Section>
        </Col>
        <Col xs={24} xl={8}>
          {tender.result && (
            <Section title="Award of contract">
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: "winner", ...winnersItem(tender.result) },
                  { key: "award", label: "Award value", children: formatRupees(tender.result.award_value) },
                  { key: "date", label: "Result date", children: formatDate(tender.result.result_date) },
                ]}
              />
              {/* A shared link opens this tender only; the result has links of its own. */}
              {!anonymous && <Link to={`/result/detail/${tender.result.id}`}>See every bidder and rank</Link>}
            </Section>
          )}
          <Section title={`Corrigenda (${tender.corrigenda.length})`}>
            <Corrigenda tender={tender} />
          </Section>
          {/* Changes need a sign-in of one's own: a shared link's reader sees the tender as it is now. */}
          {!shared && (
            <Section title="Changes" id="changes">
              <ChangesTimeline itemType="tender" itemId={tender.id} />
            </Section>
          )}
          {!anonymous && (
            <Section title="Similar tenders">
              <SimilarTenders tenderId={id} />
            </Section>
          )}
        </Col>
      </Row>
    </>
  );
}
