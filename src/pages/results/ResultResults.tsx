// One page of tender results: a table on wide screens, cards on phones.
import "../tenders/tenders.css";
import { Panel } from "../../components/page/Panel";
import type { DataColumn } from "../../components/page/DataTable";
import { ListerResults } from "../../components/search/ListerResults";
import { Link } from "react-router";
import type { ResultListRow } from "../../../common/tenders";
import { formatDate, formatIndianNumber, formatLocation, formatRupees, formatText } from "../../lib/format";
import { TenderNumbers } from "../tenders/TenderParts";
import { WonBy } from "./WinnerNames";
import { Money } from "../../components/format/Money";

const bidders = (n: number) => `${formatIndianNumber(n)} bidder${n === 1 ? "" : "s"}`;

const columns: DataColumn<ResultListRow>[] = [
  {
    title: "Tender",
    key: "title",
    render: (_, r) => (
      <div className="tender-title-cell">
        <Link to={`/result/detail/${r.id}`} className="tender-title-link">
          {r.title}
        </Link>
        <span className="text-secondary tender-org">
          {formatText(r.org_name)}
        </span>
        <WonBy row={r}> · {bidders(r.bidder_count)}</WonBy>
        <TenderNumbers tender={r} />
      </div>
    ),
  },
  {
    title: "Location",
    key: "location",
    width: 140,
    render: (_, r) => (
      <>
        <div>{formatText(r.city)}</div>
        <span className="text-secondary tender-sub">
          {formatText(r.state)}
        </span>
      </>
    ),
  },
  {
    title: "Award / Estimate",
    key: "value",
    width: 140,
    align: "right",
    render: (_, r) => (
      <>
        <Money as="div" className="tender-value" value={r.award_value} />
        <span className="text-secondary tender-sub" title="The tender's estimated value">
          est. <Money value={r.value} />
        </span>
      </>
    ),
  },
  { title: "Result date", key: "date", width: 120, render: (_, r) => formatDate(r.result_date) },
];

export function ResultCard({ result }: { result: ResultListRow }) {
  return (
    <Panel size="small" className="tender-card" data-result-id={result.id}>
      <div className="tender-card-head">
        <Link to={`/result/detail/${result.id}`} className="tender-title-link">
          {result.title}
        </Link>
        <Money className="tender-value" value={result.award_value} />
      </div>
      <span className="text-secondary tender-org">
        {formatText(result.org_name)}
      </span>
      <WonBy row={result}> · {bidders(result.bidder_count)}</WonBy>
      <TenderNumbers tender={result} />
      <div className="tender-card-meta">
        <span>{formatLocation(result.city, result.state)}</span>
        <span>Estimate <Money value={result.value} /></span>
        <span>Result {formatDate(result.result_date)}</span>
      </div>
    </Panel>
  );
}

interface Props {
  results: ResultListRow[] | undefined;
  loading: boolean;
  cards: boolean;
}

export function ResultResults({ results, loading, cards }: Props) {
  return (
    <ListerResults<ResultListRow>
      rows={results}
      loading={loading}
      cards={cards}
      emptyText="No results match this search"
      table={{ className: "tender-table result-table", columns, minWidth: 720 }}
      cardsClassName="tender-cards"
      card={(r) => <ResultCard result={r} />}
    />
  );
}
