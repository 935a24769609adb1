// The award of a result: every winner with its own awarded value, the winning bid and the
// contract as signed side by side, and the spreads. An amount the plausibility rule
// (common/plausibility.ts) doubts is shown as published, flagged with its reasons — never as fact.
import { TrophyOutlined, WarningOutlined } from "@ant-design/icons";
import { Tag, Typography } from "antd";
import { DataTable } from "../../components/page/DataTable";
import { Link } from "react-router";
import { PLAUSIBILITY_TEXT, type PlausibilityReason } from "../../../common/plausibility";
import type { ResultDetail, ResultWinner, Spread } from "../../../common/tenders";
import { formatIndianNumber, formatIstDate, formatRupees, formatText, NOT_SPECIFIED } from "../../lib/format";
import { leadingDirection, rankLetter } from "../../../common/bidder-ranks";

/** '₹ 12.5 L (4.17 %)' — or 'Not Specified' when the spread cannot be worked out. */
export function spreadText(spread: Spread | null): string {
  if (!spread) return NOT_SPECIFIED;
  const sign = spread.amount > 0 ? "+" : spread.amount < 0 ? "−" : "";
  return `${sign}${formatRupees(Math.abs(spread.amount))} (${sign}${formatIndianNumber(Math.abs(spread.percent))} %)`;
}

/** A rupee amount; when flagged, 'as published' in grey with a warning tag per reason. */
export function Amount({ value, flags }: { value: number | null; flags: PlausibilityReason[] }) {
  if (flags.length === 0 || value === null) return <span className="tender-value">{formatRupees(value)}</span>;
  return (
    <span className="amount-flagged" data-flagged={flags.join(" ")}>
      <Typography.Text type="secondary" className="nowrap">
        {formatRupees(value)} as published
      </Typography.Text>
      {flags.map((f) => (
        <Tag key={f} color="warning" icon={<WarningOutlined />} className="amount-flag">
          {PLAUSIBILITY_TEXT[f]}
        </Tag>
      ))}
    </span>
  );
}

function WinnerName({ winner, linked }: { winner: ResultWinner; linked: boolean }) {
  return linked && winner.company_id ? <Link to={`/builder/detail/${winner.company_id}`}>{winner.name}</Link> : <span>{winner.name}</span>;
}

/** Every winner: each award's (lot's) each supplier, its own value, and the award it shares. */
export function Winners({ result, linked }: { result: ResultDetail; linked: boolean }) {
  const perAward = new Map<string, number>();
  for (const w of result.winners) if (w.award_ref) perAward.set(w.award_ref, (perAward.get(w.award_ref) ?? 0) + 1);
  const lots = new Set(result.winners.map((w) => w.award_ref)).size;
  return (
    <DataTable<ResultWinner>
      className="winners-table"
      size="small"
      rowKey={(w) => `${w.award_ref ?? ""}\u0000${w.name}`}
      rows={result.winners}
      columns={[
        {
          title: "Winner", key: "name",
          render: (_, w) => (
            <span className="bidder-name">
              <TrophyOutlined className="winner-icon" /> <WinnerName winner={w} linked={linked} />
              {w.award_ref && (perAward.get(w.award_ref) ?? 0) > 1 && <Tag>Joint award</Tag>}
            </span>
          ),
        },
        ...(lots > 1 ? [{ title: "Award", key: "award", responsive: ["md" as const], render: (_: unknown, w: ResultWinner) => formatText(w.award_ref) }] : []),
        {
          title: "Winning bid", key: "bid", align: "right",
          render: (_, w) =>
            w.bid_value === null && w.award_value !== null
              ? <Typography.Text type="secondary">Shares the award of {formatRupees(w.award_value)}</Typography.Text>
              : <Amount value={w.bid_value} flags={w.bid_value_flags} />,
        },
      ]}
    />
  );
}

export function Award({ result }: { result: ResultDetail }) {
  const letter = rankLetter(leadingDirection(result.bidders));
  const winners = result.winners.length ? result.winners.map((w) => w.name) : result.winner?.name ? [result.winner.name] : [];
  return (
    <div className="result-award" aria-label="Award">
      <div className="result-award-item">
        <span className="result-award-label">{winners.length > 1 ? `Winners (${winners.length})` : "Winner"}</span>
        <span className="result-award-value">{winners.length ? winners.join(", ") : NOT_SPECIFIED}</span>
        {winners.length <= 1 && result.winner?.rank_label && <Typography.Text type="secondary">{result.winner.rank_label}</Typography.Text>}
      </div>
      <div className="result-award-item" data-amount="award">
        <span className="result-award-label">Winning bid</span>
        <span className="result-award-value"><Amount value={result.award_value} flags={result.award_value_flags} /></span>
        <Typography.Text type="secondary">Estimate {formatRupees(result.tender.value)}</Typography.Text>
      </div>
      <div className="result-award-item" data-amount="contract">
        <span className="result-award-label">Contract value</span>
        <span className="result-award-value"><Amount value={result.contract_value} flags={result.contract_value_flags} /></span>
        <Typography.Text type="secondary">Signed {formatIstDate(result.contract_date)}</Typography.Text>
      </div>
      <div className="result-award-item" data-spread="l1-l2">
        <span className="result-award-label">{`${letter}1 – ${letter}2 spread`}</span>
        <span className="result-award-value">{spreadText(result.spread_l1_l2)}</span>
        <Typography.Text type="secondary">{letter === "H" ? "H2's bid against H1's" : "L2's bid over L1's"}</Typography.Text>
      </div>
      <div className="result-award-item" data-spread="award-estimate">
        <span className="result-award-label">Award vs estimate</span>
        <span className="result-award-value">
          {result.award_value_flags.length && result.spread_award_estimate ? (
            // Worked out from a doubtful award: not a fact either.
            <span className="amount-flagged" data-flagged="spread">
              <Typography.Text type="secondary">{spreadText(result.spread_award_estimate)}</Typography.Text>
              <Tag color="warning" icon={<WarningOutlined />} className="amount-flag">From a flagged award</Tag>
            </span>
          ) : spreadText(result.spread_award_estimate)}
        </span>
        <Typography.Text type="secondary">Result date {formatIstDate(result.result_date)}</Typography.Text>
      </div>
    </div>
  );
}
