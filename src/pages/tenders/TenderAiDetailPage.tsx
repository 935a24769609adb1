// /tender/ai-detail/{id}: the tender's structured brief — scope, eligibility, key dates, EMD and
// fee, value — each point with the passages it was drawn from (title, description, a document,
// a corrigendum or a stored field). Sections with nothing found say 'Not Specified'.
import "./tenders.css";
import { ArrowLeftOutlined, FileSearchOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Card, Collapse, Skeleton, Tag, Typography } from "antd";
import { Link, Navigate, useParams } from "react-router";
import type { BriefCitation, BriefPoint, BriefSection } from "../../../common/tenders";
import { EmptyState, PageShell } from "../../components/page/PageShell";
import { NOT_FOUND_MESSAGE } from "../../lib/errorMessages";
import { NOT_SPECIFIED } from "../../lib/format";
import { HttpError } from "../../providers/http";
import { tenderApi, tenderKeys, withPair } from "./api";
import { DownloadZipButton, SharedNotice } from "./TenderDetailPage";
import { useSharedPage } from "./useSharedPage";

export const BRIEF_SECTIONS: { key: BriefSection; title: string }[] = [
  { key: "scope", title: "Scope of work" },
  { key: "eligibility", title: "Eligibility" },
  { key: "key_dates", title: "Key dates" },
  { key: "emd_and_fee", title: "EMD and fee" },
  { key: "value", title: "Value" },
];

const SOURCE_LABELS: Record<BriefCitation["source"], string> = {
  title: "Title",
  description: "Description",
  document: "Document",
  corrigendum: "Corrigendum",
  field: "Tender field",
};

function Citations({ citations, n }: { citations: BriefCitation[]; n: number }) {
  if (citations.length === 0) return null;
  return (
    <Collapse
      size="small"
      ghost
      className="brief-citations"
      items={[
        {
          key: "c",
          label: (
            <span className="brief-cite-summary">
              <FileSearchOutlined /> {citations.length === 1 ? "Source" : `${citations.length} sources`}: {citations.map((c) => c.source_name).join(", ")}
            </span>
          ),
          children: (
            <ol className="brief-cite-list" aria-label={`Sources of point ${n}`}>
              {citations.map((c, i) => (
                <li key={i}>
                  <Tag bordered={false} color={c.source === "field" ? "default" : "blue"}>
                    {SOURCE_LABELS[c.source] ?? c.source}
                  </Tag>
                  <Typography.Text strong>{c.source_name}</Typography.Text>
                  <blockquote className="brief-quote">{c.quote}</blockquote>
                </li>
              ))}
            </ol>
          ),
        },
      ]}
    />
  );
}

function Point({ point, n }: { point: BriefPoint; n: number }) {
  return (
    <li className="brief-point" data-section={point.section}>
      <div className="brief-point-head">
        <Typography.Text strong className="brief-label">
          {point.label}
        </Typography.Text>
        <span className="brief-text">{point.text}</span>
      </div>
      <Citations citations={point.citations} n={n} />
    </li>
  );
}

export default function TenderAiDetailPage() {
  const { id = "" } = useParams();
  const { pair, anonymous, loginUrl } = useSharedPage();
  const query = useQuery({ queryKey: tenderKeys.brief(id, pair), queryFn: ({ signal }) => tenderApi.brief(id, pair, signal), enabled: !!id, retry: false });
  const brief = query.data;
  const back = (
    <Link to={withPair(`/tender/detail/${id}`, pair)}>
      <ArrowLeftOutlined /> Tender details
    </Link>
  );

  if (anonymous && query.isError) return <Navigate to={loginUrl} replace />;
  if (query.isPending) {
    return (
      <PageShell title="Tender Summary" subtitle={`Tender #${id}`} extra={back}>
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </PageShell>
    );
  }
  if (query.isError || !brief) {
    const notFound = query.error instanceof HttpError && query.error.statusCode === 404;
    return (
      <PageShell title="Tender Summary" subtitle={`Tender #${id}`} extra={back}>
        <Card>
          <EmptyState title={notFound ? NOT_FOUND_MESSAGE : "The brief could not be made"} text={notFound ? "There is no tender with this id." : (query.error as Error)?.message} />
        </Card>
      </PageShell>
    );
  }

  let n = 0;
  return (
    <PageShell title="Tender Summary" subtitle={brief.title} extra={back}>
      {(anonymous || brief.shared) && <SharedNotice noun="tender" />}
      <div className="brief-meta">
        <Typography.Text type="secondary">
          {brief.generated_by === "llm"
            ? "Written by a language model from the tender's text and documents; every point cites its source."
            : "Drawn from the tender's text and documents by extraction; every point cites its source."}
        </Typography.Text>
        <DownloadZipButton tenderId={brief.tender_id} pair={pair} />
      </div>
      <div className="brief-sections">
        {BRIEF_SECTIONS.map((section) => {
          const points = brief.points.filter((p) => p.section === section.key);
          return (
            <Card key={section.key} size="small" title={section.title} className="brief-section" data-section={section.key}>
              {points.length === 0 ? (
                <Typography.Text type="secondary">{NOT_SPECIFIED}</Typography.Text>
              ) : (
                <ul className="brief-points">
                  {points.map((p) => (
                    <Point key={`${p.label}-${n}`} point={p} n={++n} />
                  ))}
                </ul>
              )}
            </Card>
          );
        })}
      </div>
    </PageShell>
  );
}
