// Competitors (the competitors module's competitor_comparison/ and competitor_lister/): the
// user's tracked competitors side by side, and the companies they meet on tenders. When a call
// fails the panel says so plainly; it never shows made-up figures.
import { List, Tag, Typography } from "antd";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "../../../components/page/PageShell";
import { formatIndianNumber, formatRupees } from "../../../lib/format";
import { useCompetitorComparison, useCompetitorSuggestions, type PanelData } from "../api";
import { COLOURS, SplitBars } from "./charts";
import { Panel } from "./Panel";
import { Money } from "../../../components/format/Money";

const plural = (n: number, one: string, many: string) => `${formatIndianNumber(n, 0)} ${n === 1 ? one : many}`;
const unavailable = (err: PanelData<unknown>["error"]) => err?.statusCode === 404 || err?.statusCode === 501;

export function CompetitorComparisonPanel({ days }: { days: number }) {
  const navigate = useNavigate();
  const query = useCompetitorComparison(days);
  const rows = query.data?.results;
  return (
    <Panel title={`Your competitors, last ${days} days`} number={rows?.length} numberLabel="tracked" to="/your-competitors" loading={query.isPending}>
      {query.isError ? (
        <EmptyState
          title={unavailable(query.error) ? "Competitor comparison is not available yet" : "Could not load the comparison"}
          text={<Link to="/your-competitors">Open Your Competitors</Link>}
        />
      ) : rows && rows.length === 0 ? (
        <EmptyState title="No competitors tracked yet" text={<Link to="/your-competitors">Track competitors to compare their bids and wins here</Link>} />
      ) : (
        rows && (
          <>
            {/* Bids split into won and not won, so each bar's length is the bids and its first part the wins. */}
            <SplitBars
              label="Tenders bid and won by your tracked competitors"
              rows={rows.map((r) => ({ name: r.company.name, construction: r.tenders_won, industrial: Math.max(0, r.tenders_bid - r.tenders_won) }))}
              legend={{ construction: "Won", industrial: "Bid, not won" }}
              colours={{ construction: COLOURS.accent, industrial: COLOURS.muted }}
              onOpen={(row) => {
                const r = rows.find((x) => x.company.name === row.name);
                if (r) navigate(`/builder/detail/${r.company.id}`);
              }}
            />
            <List
              size="small"
              className="dash-list"
              dataSource={rows}
              renderItem={(r) => (
                <List.Item key={r.company.id}>
                  <div className="dash-item">
                    <Link to={`/builder/detail/${r.company.id}`} className="dash-item-title">
                      {r.company.name}
                    </Link>
                    <Typography.Text type="secondary">
                      Won {formatIndianNumber(r.tenders_won, 0)} of {plural(r.tenders_bid, "bid", "bids")}
                      {r.win_rate !== null ? ` (${Math.round(r.win_rate * 100)}%)` : ""} · <Money value={r.won_value} /> won
                    </Typography.Text>
                  </div>
                </List.Item>
              )}
            />
          </>
        )
      )}
    </Panel>
  );
}

export function CompetitorListerPanel() {
  const query = useCompetitorSuggestions();
  const s = query.data;
  return (
    <Panel title="Companies you compete with" number={s?.count} numberLabel={s?.your_company.company ? `meeting ${s.your_company.company.name}` : "suggested"} to="/your-competitors" loading={query.isPending}>
      {query.isError ? (
        <EmptyState
          title={unavailable(query.error) ? "Competitor suggestions are not available yet" : "Could not load the suggestions"}
          text={<Link to="/your-competitors">Open Your Competitors</Link>}
        />
      ) : (
        s && (
          <List
            size="small"
            className="dash-list"
            dataSource={s.results.slice(0, 8)}
            locale={{ emptyText: "No companies found yet: add your company name and preferred states in your profile." }}
            renderItem={(r) => (
              <List.Item key={r.company.id}>
                <div className="dash-item">
                  <span>
                    <Link to={`/builder/detail/${r.company.id}`} className="dash-item-title">
                      {r.company.name}
                    </Link>{" "}
                    {r.is_tracked && <Tag color="green">Tracked</Tag>}
                  </span>
                  <Typography.Text type="secondary">
                    {r.reason === "shared_tenders"
                      ? `${plural(r.shared_tenders, "tender", "tenders")} in common, ranked above you ${plural(r.ranked_above_you, "time", "times")}`
                      : `Frequent winner where you work: ${plural(r.tenders_won, "win", "wins")} of ${plural(r.tenders_bid, "bid", "bids")}`}
                  </Typography.Text>
                </div>
              </List.Item>
            )}
          />
        )
      )}
    </Panel>
  );
}
