// /tender/ai-detail/{id}: the tender's structured brief — scope, eligibility, key dates, EMD and
// fee, value — each point with the passages it was drawn from (title, description, a document,
// a corrigendum or a stored field). Sections with nothing found say 'Not Specified'.
import "./tenders.css";
import { FileSearchOutlined } from "@ant-design/icons";
import { Collapse, Tag, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import { Navigate, useParams } from "react-router";
import type { BriefCitation, BriefPoint, BriefSection, TenderBrief } from "../../../common/tenders";
import { DetailShell } from "../../components/page/DetailShell";
import { NOT_SPECIFIED } from "../../lib/format";
import { withPair, type SharedPair } from "./api";
import { useTenderBrief } from "./useTender";
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
  const { id } = useParams();
  const { pair, anonymous, loginUrl } = useSharedPage();
  const detail = useTenderBrief(id, pair);
  if (anonymous && detail.error) return <Navigate to={loginUrl} replace />;
  return (
    <DetailShell
      detail={detail}
      title="Tender Summary"
      noun="Tender"
      errorTitle="The brief could not be made"
      back={{ to: withPair(`/tender/detail/${detail.id}`, pair), label: "Tender details" }}
      notFoundLink={anonymous ? undefined : { to: "/live-tenders", label: "Back to Live Tenders" }}
      titleOf={() => "Tender Summary"}
      subtitleOf={(brief) => brief.title}
    >
      {(brief) => <Brief brief={brief} pair={pair} anonymous={anonymous} />}
    </DetailShell>
  );
}

function Brief({ brief, pair, anonymous }: { brief: TenderBrief; pair: SharedPair | null; anonymous: boolean }) {
  let n = 0;
  return (
    <>
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
            <Panel key={section.key} size="small" title={section.title} className="brief-section" data-section={section.key}>
              {points.length === 0 ? (
                <Typography.Text type="secondary">{NOT_SPECIFIED}</Typography.Text>
              ) : (
                <ul className="brief-points">
                  {points.map((p) => (
                    <Point key={`${p.label}-${n}`} point={p} n={++n} />
                  ))}
                </ul>
              )}
            </Panel>
          );
        })}
      </div>
    </>
  );
}
