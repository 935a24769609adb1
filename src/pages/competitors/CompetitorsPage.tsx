// /your-competitors: the companies the user tracks, picked with the company suggester, compared
// side by side from tender results (competitor_comparison/: bids, wins, win rate, typical discount
// of winning bids to the estimate, L1 positions, value won, sectors and states, over a chosen
// window), each opening to its full record (ranks, categories, states, recent wins). Below,
// companies that bid on the same tenders as the user's company (competitor_lister/) to track.
import { DeleteOutlined, DownOutlined, RightOutlined } from "@ant-design/icons";
import { useCustom, useList } from "@refinedev/core";
import { Alert, Button, Col, Empty, Pagination, Popconfirm, Row, Segmented, Skeleton, Tag, Typography } from "antd";
import { DataTable, type DataColumn } from "../../components/page/DataTable";
import { Panel } from "../../components/page/Panel";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { MAX_TRACKED_COMPETITORS, type CompetitorComparisonRow, type CompetitorListerResponse, type CompetitorListerRow, type TrackedCompetitor } from "../../../common/companies";
import { builderDetailPath, formatShare } from "../../components/companies/api";
import { SeriesBars } from "../../components/companies/charts";
import { CompanySelect } from "../../components/companies/CompanySelect";
import { COMPETITORS, useTrackCompetitor } from "../../components/companies/TrackCompetitorButton";
import { EmptyState, PageShell } from "../../components/page/PageShell";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { formatDate, formatIndianNumber, formatLocation, formatRupees } from "../../lib/format";
import { CompetitorProfileView } from "./CompetitorProfileView";
import "../builders/builders.css";
import "./competitors.css";
import { pagerItemRender } from "../../components/search/pager";

/** The comparison windows offered, in days (null = all time). */
export const WINDOWS: { value: string; label: string; days: number | null }[] = [
  { value: "all", label: "All time", days: null },
  { value: "365", label: "Last 12 months", days: 365 },
  { value: "90", label: "Last 90 days", days: 90 },
];

const count = (n: number) => formatIndianNumber(n, 0);

function Untrack({ row }: { row: CompetitorComparisonRow }) {
  const { untrack } = useTrackCompetitor();
  return (
    <Popconfirm title={`Stop tracking ${row.company.name}?`} okText="Stop tracking" cancelText="Keep" onConfirm={() => untrack.mutate(row.company)}>
      <Button size="small" type="text" danger icon={<DeleteOutlined />} loading={untrack.isPending} aria-label={`Stop tracking ${row.company.name}`} />
    </Popconfirm>
  );
}

function NameCell({ row }: { row: CompetitorComparisonRow }) {
  return (
    <div className="builder-name-cell">
      <Link to={builderDetailPath(row.company.id)} className="builder-name">
        {row.company.name}
      </Link>
      <Typography.Text type="secondary" className="builder-sub">
        {formatLocation(row.company.city, row.company.state)}
      </Typography.Text>
    </div>
  );
}

const tags = (items: string[]) => (items.length ? items.map((t) => <Tag key={t}>{t}</Tag>) : <Typography.Text type="secondary">—</Typography.Text>);

const columns: DataColumn<CompetitorComparisonRow>[] = [
  {
    title: "Competitor",
    key: "name",
    width: 230,
    render: (_, r) => (
      <>
        <NameCell row={r} />
        <Typography.Text type="secondary" className="builder-sub">
          Last win {formatDate(r.last_win_date)}
        </Typography.Text>
      </>
    ),
  },
  { title: "Bid", key: "bid", width: 60, align: "right", render: (_, r) => count(r.tenders_bid) },
  { title: "Won", key: "won", width: 60, align: "right", render: (_, r) => count(r.tenders_won) },
  { title: "Win rate", key: "rate", width: 80, align: "right", render: (_, r) => formatShare(r.win_rate) },
  { title: "L1", key: "l1", width: 50, align: "right", render: (_, r) => count(r.l1_count) },
  { title: <span title="Median of how far its winning bids were below the estimate">Typical discount</span>, key: "discount", width: 100, align: "right", render: (_, r) => formatShare(r.typical_discount) },
  { title: "Value won", key: "value", width: 110, align: "right", render: (_, r) => formatRupees(r.won_value) },
  { title: "Sectors and states", key: "where", width: 220, render: (_, r) => tags([...r.top_sectors, ...r.top_states]) },
  { title: "", key: "remove", width: 48, render: (_, r) => <Untrack row={r} /> },
];

function CompetitorCard({ row, open, onToggle }: { row: CompetitorComparisonRow; open: boolean; onToggle: () => void }) {
  return (
    <Panel size="small" className="competitor-card" data-company-id={row.company.id}>
      <div className="competitor-card-head">
        <NameCell row={row} />
        <Untrack row={row} />
      </div>
      <dl className="competitor-figures">
        <div><dt>Bid</dt><dd>{count(row.tenders_bid)}</dd></div>
        <div><dt>Won</dt><dd>{count(row.tenders_won)}</dd></div>
        <div><dt>Win rate</dt><dd>{formatShare(row.win_rate)}</dd></div>
        <div><dt>L1</dt><dd>{count(row.l1_count)}</dd></div>
        <div><dt>Discount</dt><dd>{formatShare(row.typical_discount)}</dd></div>
        <div><dt>Value won</dt><dd>{formatRupees(row.won_value)}</dd></div>
      </dl>
      <div className="competitor-card-tags">{tags([...row.top_sectors, ...row.top_states])}</div>
      <Button type="link" size="small" icon={open ? <DownOutlined /> : <RightOutlined />} onClick={onToggle} className="competitor-toggle" aria-expanded={open}>
        {open ? "Hide record" : "Full record"}
      </Button>
      {open && <CompetitorProfileView companyId={row.company.id} />}
    </Panel>
  );
}

function Comparison({ rows, narrow }: { rows: CompetitorComparisonRow[]; narrow: boolean }) {
  const [open, setOpen] = useState<number[]>([]);
  const toggle = (id: number) => setOpen((o) => (o.includes(id) ? o.filter((x) => x !== id) : [...o, id]));
  const chartRows = rows.map((r) => ({ name: r.company.name, bid: r.tenders_bid, won: r.tenders_won, win_rate: r.win_rate ?? 0, discount: r.typical_discount ?? 0, won_value: r.won_value }));
  const charts = (
    <>
      <Row gutter={[24, 12]} className="competitor-charts">
        <Col xs={24} lg={8}>
          <Typography.Title level={5} className="chart-title">
            Tenders bid and won
          </Typography.Title>
          <SeriesBars label="Tenders bid and won per competitor" kind="count" data={chartRows} category="name" series={[{ key: "bid", label: "Bid", colour: "#1b6fb5" }, { key: "won", label: "Won", colour: "#2f9e44" }]} />
        </Col>
        <Col xs={24} lg={8}>
          <Typography.Title level={5} className="chart-title">
            Win rate and typical discount
          </Typography.Title>
          <SeriesBars label="Win rate and typical discount per competitor" kind="share" data={chartRows} category="name" series={[{ key: "win_rate", label: "Win rate", colour: "#7048e8" }, { key: "discount", label: "Typical discount", colour: "#e8590c" }]} />
        </Col>
        <Col xs={24} lg={8}>
          <Typography.Title level={5} className="chart-title">
            Value won
          </Typography.Title>
          <SeriesBars label="Value won per competitor" kind="rupees" data={chartRows} category="name" series={[{ key: "won_value", label: "Value won", colour: "#0c8599" }]} />
        </Col>
      </Row>
    </>
  );
  return (
    <>
      {!narrow && charts}
      {narrow ? (
        <div className="competitor-cards">
          {rows.map((r) => (
            <CompetitorCard key={r.company.id} row={r} open={open.includes(r.company.id)} onToggle={() => toggle(r.company.id)} />
          ))}
        </div>
      ) : (
        <DataTable<CompetitorComparisonRow>
          className="competitor-table"
          rowKey={(r) => r.company.id}
          size="middle"
          columns={columns}
          rows={rows}
          minWidth={1000}
          expandable={{
            isExpanded: (r) => open.includes(r.company.id),
            onToggle: (r) => toggle(r.company.id),
            render: (r) => <CompetitorProfileView companyId={r.company.id} />,
            label: (r) => `Full record of ${r.company.name}`,
            title: <span className="sr-only">Full record</span>,
          }}
        />
      )}
      {narrow && charts}
    </>
  );
}

function reasonText(row: CompetitorListerRow): string {
  if (row.reason === "shared_tenders") {
    return `Bid on ${count(row.shared_tenders)} of the same tenders as you${row.ranked_above_you ? `, ranked above you ${count(row.ranked_above_you)} times` : ""}`;
  }
  return `Wins often where you work: ${count(row.tenders_won)} of ${count(row.tenders_bid)} bids won`;
}

function Suggestions({ full }: { full: boolean }) {
  const [page, setPage] = useState(1);
  const { track } = useTrackCompetitor();
  const { query } = useCustom<CompetitorListerResponse>({
    url: "competitor_lister/",
    method: "get",
    dataProviderName: "rest",
    config: { query: { page } },
    // The card shows its own failure, without a toast.
    meta: { toast: false },
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  });
  const data = query.data?.data;
  const you = data?.your_company;
  return (
    <Panel size="small" title="Suggested competitors" className="builder-section competitor-suggestions">
      {you && (
        <Typography.Paragraph type="secondary" className="suggest-basis">
          {you.company ? (
            <>
              Companies that bid on the same tenders as <Link to={builderDetailPath(you.company.id)}>{you.company.name}</Link>, your company.
            </>
          ) : (
            <>
              {you.name ? `Your company '${you.name}' is not in our records yet` : "Your profile does not name your company"}, so these are frequent winners in your preferred states.{" "}
              <Link to="/profile">Update your profile</Link>
            </>
          )}
        </Typography.Paragraph>
      )}
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : query.isError ? (
        <Alert type="warning" showIcon message="Suggestions could not be loaded" description={query.error.message} />
      ) : !data?.results.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No suggestions yet: they come from tender results where your company bid" />
      ) : (
        <ul className="suggest-list">
          {data.results.map((r) => (
            <li key={r.company.id} data-company-id={r.company.id}>
              <div className="suggest-main">
                <Link to={builderDetailPath(r.company.id)} className="builder-name">
                  {r.company.name}
                </Link>
                <Typography.Text type="secondary" className="builder-sub">
                  {formatLocation(r.company.city, r.company.state)} · {count(r.tenders_bid)} bids, {count(r.tenders_won)} won ({formatShare(r.win_rate)})
                </Typography.Text>
                <span className="suggest-reason">{reasonText(r)}</span>
              </div>
              {r.is_tracked ? (
                <Tag color="green">Tracking</Tag>
              ) : (
                <Button size="small" onClick={() => track.mutate(r.company)} disabled={full || track.pendingId === r.company.id} aria-label={`Track ${r.company.name}`}>
                  Track
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {data && data.count > data.page_size && <Pagination itemRender={pagerItemRender} className="contacts-pager" size="small" current={page} pageSize={data.page_size} total={data.count} showSizeChanger={false} onChange={setPage} />}
    </Panel>
  );
}

export default function CompetitorsPage() {
  const narrow = useMediaQuery("(max-width: 767.98px)");
  const [params, setParams] = useSearchParams();
  const chosen = WINDOWS.find((w) => w.value === params.get("window")) ?? WINDOWS[0];
  const { track } = useTrackCompetitor();
  const { result: tracked } = useList<TrackedCompetitor>({ resource: COMPETITORS, dataProviderName: "rest", pagination: { mode: "off" }, errorNotification: false });
  const { query: comparison } = useCustom<{ days: number | null; results: CompetitorComparisonRow[] }>({
    url: "competitor_comparison/",
    method: "get",
    dataProviderName: "rest",
    config: { query: chosen.days === null ? undefined : { days: chosen.days } },
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  });
  const trackedIds = tracked.data.map((t) => t.company.id);
  const full = trackedIds.length >= MAX_TRACKED_COMPETITORS;
  const rows = comparison.data?.data.results ?? [];

  return (
    <PageShell title="Your Competitors" subtitle="Who keeps winning the tenders you bid for">
      <Panel size="small" className="builder-section competitor-picker">
        <Typography.Text strong id="track-label">
          Track a competitor
        </Typography.Text>
        <div className="competitor-picker-row">
          <CompanySelect
            aria-label="Track a competitor"
            placeholder="Type a company name or CIN"
            exclude={trackedIds}
            disabled={full || track.isPending}
            onPick={(c) => track.mutate(c)}
          />
          <Typography.Text type="secondary" className="competitor-count">
            {trackedIds.length} of {MAX_TRACKED_COMPETITORS} tracked
          </Typography.Text>
        </div>
        {full && <Typography.Text type="warning">You track the most competitors allowed. Stop tracking one to add another.</Typography.Text>}
      </Panel>

      <Panel
        size="small"
        title="Side by side"
        className="builder-section competitor-comparison"
        aria-busy={comparison.isFetching}
      >
        <Segmented
            size="small"
            aria-label="Window"
            value={chosen.value}
            options={WINDOWS.map((w) => ({ value: w.value, label: w.label }))}
            onChange={(v) => {
              const p = new URLSearchParams(params);
              if (v === "all") p.delete("window");
              else p.set("window", String(v));
              setParams(p, { replace: true });
            }}
            className="competitor-window"
          />
        {comparison.isPending ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : comparison.isError ? (
          <Alert type="warning" showIcon message="The comparison could not be loaded" description={comparison.error.message} />
        ) : rows.length === 0 ? (
          <EmptyState title="No competitors tracked yet" text="Pick a company above, or track one of the suggestions below, to see its bids, wins and discounts here." />
        ) : (
          <Comparison rows={rows} narrow={narrow} />
        )}
      </Panel>

      <Suggestions full={full} />
    </PageShell>
  );
}
