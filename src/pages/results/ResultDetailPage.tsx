// /result/detail/{id}: the award of a tender — every winner with its own value, the winning bid
// and the contract as signed (value, IST date), implausible amounts flagged — every bidder with
// its bid and rank as published (L1, II, H-1 …; L ranks before H ranks, each in order), the
// spread between the first two ranks (L1 – L2, or H1 – H2) and between the award and the
// estimate, the tender's fields and similar results; 'Set reminder' on it. Shared links (uid +
// tid) open it read-only.
import "../tenders/tenders.css";
import { FileTextOutlined, TrophyOutlined } from "@ant-design/icons";
import { Alert, Button, Col, Descriptions, Empty, List, Row, Skeleton, Space, Tag, Typography } from "antd";
import { DataTable } from "../../components/page/DataTable";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import type { Bidder, ResultDetail, SimilarResults as SimilarResultsAnswer } from "../../../common/tenders";
import { DetailShell } from "../../components/page/DetailShell";
import { SimilarList } from "../../components/page/SimilarList";
import { ReminderButton } from "../../components/reminders/ReminderButton";
import { formatDate, formatIndianNumber, formatIstDate, formatLocation, formatRupees, formatText } from "../../lib/format";
import { tenderPaths } from "../tenders/api";
import { useResult } from "../tenders/useTender";
import { ShareButton } from "../tenders/ShareButton";
import { capital, moneyText, Section, SharedNotice, tenderFields } from "../tenders/TenderDetailPage";
import { tenderNumbers, TenderStatusTag } from "../tenders/TenderParts";
import { useSharedPage } from "../tenders/useSharedPage";
import { directionOf, leadingDirection, sortByRank } from "../../../common/bidder-ranks";
import { rankMeaning } from "./bidderOrder";
import { Amount, Award, Winners } from "./ResultAward";
import { WonBy } from "./WinnerNames";

export { spreadText } from "./ResultAward";

function BidderName({ bidder, linked }: { bidder: Bidder; linked: boolean }) {
  const name = linked && bidder.company_id ? <Link to={`/builder/detail/${bidder.company_id}`}>{bidder.bidder_name}</Link> : <span>{bidder.bidder_name}</span>;
  return (
    <span className="bidder-name">
      {name}
      {bidder.is_winner && (
        <Tag color="green" icon={<TrophyOutlined />}>
          Winner
        </Tag>
      )}
    </span>
  );
}

/** The label as published; its meaning ('2nd lowest bid') on hover when it has a rank. */
function RankTag({ bidder }: { bidder: Bidder }) {
  if (!bidder.rank_label) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Tag color={bidder.rank === 1 ? "green" : "default"} title={rankMeaning(bidder) ?? "Rank as published, not read as a number"}>
      {bidder.rank_label}
    </Tag>
  );
}

/** A bid's distance from the first-ranked bid of its own direction: above L1, or below H1. */
function FromFirst({ bidder, bidders }: { bidder: Bidder; bidders: Bidder[] }) {
  const direction = directionOf(bidder);
  const first = bidders.find((b) => b.rank === 1 && directionOf(b) === direction)?.bid_value ?? null;
  if (!direction || !bidder.rank || bidder.rank < 2 || !first || bidder.bid_value === null) return null;
  const diff = bidder.bid_value - first;
  const sign = diff < 0 ? "−" : "+";
  return (
    <Typography.Text type="secondary" className="nowrap">
      {sign}
      {formatRupees(Math.abs(diff))} ({formatIndianNumber((Math.abs(diff) / first) * 100)} %)
    </Typography.Text>
  );
}

function Bidders({ result, linked }: { result: ResultDetail; linked: boolean }) {
  if (result.bidders.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No bidders published for this result" />;
  const bidders = sortByRank(result.bidders);
  const lead = leadingDirection(bidders);
  return (
    <DataTable<Bidder>
      className="bidders-table"
      size="small"
      rowKey="id"
      rows={bidders}
      rowClassName={(b) => (b.is_winner ? "bidder-winner" : "")}
      columns={[
        { title: "Rank", key: "rank", width: 62, render: (_, b) => <RankTag bidder={b} /> },
        { title: "Bidder", key: "name", render: (_, b) => <BidderName bidder={b} linked={linked} /> },
        { title: "Bid", key: "bid", width: 116, align: "right", render: (_, b) => <span className="tender-value">{formatRupees(b.bid_value)}</span> },
        {
          title: lead === "highest" ? "Below H1" : "Above L1",
          key: "above",
          width: 160,
          align: "right",
          responsive: ["sm"],
          render: (_, b) => <FromFirst bidder={b} bidders={bidders} />,
        },
        { title: "Status", key: "status", dataIndex: "status", width: 160, responsive: ["md"], render: (s: string | null) => formatText(s) },
      ]}
    />
  );
}

type SimilarResult = SimilarResultsAnswer["results"][number];

function SimilarResults({ resultId }: { resultId: string }) {
  return (
    <SimilarList<SimilarResult>
      url={tenderPaths.similarResults(resultId)}
      noun="results"
      className="similar-results"
      renderItem={(s) => (
        <>
          <Link to={`/result/detail/${s.id}`}>{s.title}</Link>
          <Typography.Text type="secondary" className="similar-meta">
            {formatText(s.org_name)} · {formatLocation(s.city, s.state)}
          </Typography.Text>
          <Typography.Text className="similar-meta">
            <WonBy row={s} className="similar-winner">
              {" "}for {formatRupees(s.award_value)} (est. {formatRupees(s.value)}) · {formatDate(s.result_date)}
            </WonBy>
          </Typography.Text>
        </>
      )}
    />
  );
}

export default function ResultDetailPage() {
  const { id } = useParams();
  const { pair, anonymous, loginUrl } = useSharedPage();
  const detail = useResult(id, pair);
  if (anonymous && detail.error) return <Navigate to={loginUrl} replace />;
  return (
    <DetailShell
      detail={detail}
      title="Result Details"
      noun="Result"
      back={anonymous ? null : { to: "/results", label: "Tender Results" }}
      titleOf={(result) => result.tender.title}
      subtitleOf={(result) => tenderNumbers(result.tender) ?? `Result #${result.id}`}
    >
      {(result) => <ResultContent result={result} id={detail.id} anonymous={anonymous} />}
    </DetailShell>
  );
}

function ResultContent({ result, id, anonymous }: { result: ResultDetail; id: string; anonymous: boolean }) {
  const navigate = useNavigate();
  const tender = result.tender;
  const shared = anonymous || result.shared;
  return (
    <>
      {shared && <SharedNotice noun="tender result" />}
      <div className="tender-header">
        <Space size={[6, 6]} wrap className="tender-tags">
          <TenderStatusTag status={tender.tender_status} />
          {tender.category && <Tag>{capital(tender.category)}</Tag>}
        </Space>
        <div className="tender-header-facts">
          <span>{formatText(tender.org_name)}</span>
          <span>{formatLocation(tender.city, tender.district, tender.state)}</span>
        </div>
        <Space size={8} wrap className="tender-header-actions">
          {!shared && <ReminderButton itemType="result" itemId={result.id} />}
          {!shared && <ShareButton kind="result" itemId={result.id} />}
          {!anonymous && (
            <Button icon={<FileTextOutlined />} onClick={() => navigate(`/tender/detail/${tender.id}`)}>
              Tender details
            </Button>
          )}
        </Space>
      </div>
      <Award result={result} />
      {result.winners.length > 0 && (
        <Section title={`Winners (${result.winners.length})`}>
          <Winners result={result} linked={!anonymous} />
        </Section>
      )}
      <Section title={`Bidders (${result.bidders.length})`}>
        <Bidders result={result} linked={!anonymous} />
      </Section>
      <Row gutter={[16, 0]}>
        <Col xs={24} xl={16}>
          <Section title="Tender details">
            {tender.description && <Typography.Paragraph className="tender-description">{tender.description}</Typography.Paragraph>}
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }}
              items={[
                { key: "award", label: "Winning bid", children: result.award_value_flags.length ? <Amount value={result.award_value} flags={result.award_value_flags} /> : moneyText(result.award_value) },
                { key: "contract", label: "Contract value", children: result.contract_value_flags.length ? <Amount value={result.contract_value} flags={result.contract_value_flags} /> : moneyText(result.contract_value) },
                { key: "contract_date", label: "Contract date", children: formatIstDate(result.contract_date) },
                ...(tenderFields(tender) ?? []),
              ]}
              className="tender-fields"
            />
          </Section>
        </Col>
        <Col xs={24} xl={8}>
          {!anonymous && (
            <Section title="Similar results">
              <SimilarResults resultId={id} />
            </Section>
          )}
        </Col>
      </Row>
    </>
  );
}
