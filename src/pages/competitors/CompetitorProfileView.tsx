// One competitor in depth (competitors/{companyId}/), from results data: its rank positions (how
// often L1, L2, …), the categories and states it bids in with its wins there, and its recent wins
// with what it won, who won with it (lots, joint awards) and the discount of the winning bid to
// the estimate (when it won alone).
import { useOne } from "@refinedev/core";
import { Alert, Col, Empty, Row, Skeleton, Typography } from "antd";
import { DataTable, type DataColumn } from "../../components/page/DataTable";
import { Link } from "react-router";
import type { CompetitorProfile, CompetitorWin } from "../../../common/companies";
import { allWinners, winnersInShort } from "../../../common/winners";
import { formatShare } from "../../components/companies/api";
import { COMPETITORS } from "../../components/companies/TrackCompetitorButton";
import { CountBars, SeriesBars } from "../../components/companies/charts";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { formatDate, formatRupees, formatText } from "../../lib/format";

/** Who won the result with it (other lots, its joint award's other suppliers), every name in the hover text. */
function CoWinners({ win }: { win: CompetitorWin }) {
  const others = win.co_winners ?? [];
  if (!others.length) return null;
  return (
    <Typography.Text type="secondary" className="win-co-winners" title={`With ${allWinners(others)}`}>
      With {winnersInShort(others)}
    </Typography.Text>
  );
}

const winColumns: DataColumn<CompetitorWin>[] = [
  {
    title: "Tender",
    key: "title",
    render: (_, w) => (
      <div className="win-title">
        <Link to={`/result/detail/${w.result_id}`}>{w.title}</Link>
        <Typography.Text type="secondary" className="builder-sub">
          {[w.org_name, w.state].filter(Boolean).join(" · ") || formatText(null)}
        </Typography.Text>
        <CoWinners win={w} />
      </div>
    ),
  },
  { title: "Estimate", key: "estimate", width: 120, align: "right", render: (_, w) => formatRupees(w.estimate) },
  { title: "Won at", key: "award", width: 120, align: "right", render: (_, w) => formatRupees(w.award_value) },
  { title: "Below estimate", key: "discount", width: 120, align: "right", render: (_, w) => formatShare(w.discount) },
  { title: "Result", key: "date", width: 120, render: (_, w) => formatDate(w.result_date) },
];

function WinCards({ wins }: { wins: CompetitorWin[] }) {
  return (
    <ul className="win-cards">
      {wins.map((w) => (
        <li key={w.result_id}>
          <Link to={`/result/detail/${w.result_id}`}>{w.title}</Link>
          <Typography.Text type="secondary" className="builder-sub">
            {[w.org_name, w.state].filter(Boolean).join(" · ")}
          </Typography.Text>
          <CoWinners win={w} />
          <span>
            Won at {formatRupees(w.award_value)} of {formatRupees(w.estimate)} ({formatShare(w.discount)} below) · {formatDate(w.result_date)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function CompetitorProfileView({ companyId }: { companyId: number }) {
  const narrow = useMediaQuery("(max-width: 767.98px)");
  // The view shows its own failure, without a toast.
  const { query } = useOne<CompetitorProfile>({ resource: COMPETITORS, id: companyId, dataProviderName: "rest", meta: { toast: false }, errorNotification: false });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError) return <Alert type="warning" showIcon message="This competitor's record could not be loaded" description={query.error.message} />;
  const p = query.data.data;
  if (p.tenders_bid === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tender results on record for this company yet" />;
  const bidsAndWins = (rows: { text: string; bids: number; wins: number }[]) => rows.slice(0, 8);
  return (
    <div className="competitor-profile" data-company-id={companyId}>
      <Row gutter={[24, 12]}>
        <Col xs={24} lg={8}>
          <Typography.Title level={5} className="chart-title">
            Rank positions
          </Typography.Title>
          <CountBars label={`${p.company.name}: rank positions`} data={p.positions} valueLabel="Bids" />
        </Col>
        <Col xs={24} lg={8}>
          <Typography.Title level={5} className="chart-title">
            Categories: bids and wins
          </Typography.Title>
          <SeriesBars
            label={`${p.company.name}: bids and wins by category`}
            kind="count"
            horizontal
            data={bidsAndWins(p.sectors)}
            category="text"
            series={[
              { key: "bids", label: "Bids", colour: "#1b6fb5" },
              { key: "wins", label: "Wins", colour: "#2f9e44" },
            ]}
            height={Math.max(140, bidsAndWins(p.sectors).length * 44 + 60)}
          />
        </Col>
        <Col xs={24} lg={8}>
          <Typography.Title level={5} className="chart-title">
            States: bids and wins
          </Typography.Title>
          <SeriesBars
            label={`${p.company.name}: bids and wins by state`}
            kind="count"
            horizontal
            data={bidsAndWins(p.states)}
            category="text"
            series={[
              { key: "bids", label: "Bids", colour: "#1b6fb5" },
              { key: "wins", label: "Wins", colour: "#2f9e44" },
            ]}
            height={Math.max(140, bidsAndWins(p.states).length * 44 + 60)}
          />
        </Col>
      </Row>
      <Typography.Title level={5} className="chart-title">
        Recent wins
      </Typography.Title>
      {p.recent_wins.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No wins on record" />
      ) : narrow ? (
        <WinCards wins={p.recent_wins} />
      ) : (
        <DataTable<CompetitorWin> rowKey="result_id" size="small" className="wins-table" columns={winColumns} rows={p.recent_wins} minWidth={720} />
      )}
    </div>
  );
}
