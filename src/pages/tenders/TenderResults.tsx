// One page of tenders: a table on wide screens, cards on phones.
import "./tenders.css";
import { Panel } from "../../components/page/Panel";
import type { DataColumn } from "../../components/page/DataTable";
import { ListerResults } from "../../components/search/ListerResults";
import { Link } from "react-router";
import type { TenderListRow } from "../../../common/tenders";
import { formatLocation, formatRupees, formatText } from "../../lib/format";
import { ClosingDate, CorrigendumTag, TenderNumbers, TenderStatusTag } from "./TenderParts";
import { Money } from "../../components/format/Money";

const isOpen = (t: TenderListRow) => t.tender_status === "Live";

const columns: DataColumn<TenderListRow>[] = [
  {
    title: "Tender",
    key: "title",
    render: (_, t) => (
      <div className="tender-title-cell">
        <Link to={`/tender/detail/${t.id}`} className="tender-title-link">
          {t.title}
        </Link>
        <span className="text-secondary tender-org">
          {formatText(t.org_name)}
        </span>
        <span className="tender-tags">
          <TenderStatusTag status={t.tender_status} />
          <CorrigendumTag on={t.is_corrigendum} />
          <TenderNumbers tender={t} />
        </span>
      </div>
    ),
  },
  {
    title: "Location",
    key: "location",
    width: 140,
    render: (_, t) => (
      <>
        <div>{formatText(t.city ?? t.district)}</div>
        <span className="text-secondary tender-sub">
          {formatText(t.state)}
        </span>
      </>
    ),
  },
  {
    title: "Value / EMD",
    key: "value",
    width: 130,
    align: "right",
    render: (_, t) => (
      <>
        <Money as="div" className="tender-value" value={t.value} />
        <span className="text-secondary tender-sub" title="Earnest money deposit">
          EMD <Money value={t.emd} />
        </span>
      </>
    ),
  },
  { title: "Closing date", key: "closing", width: 140, render: (_, t) => <ClosingDate closing={t.closing_date} live={isOpen(t)} /> },
];

export function TenderCard({ tender }: { tender: TenderListRow }) {
  return (
    <Panel size="small" className="tender-card" data-tender-id={tender.id}>
      <div className="tender-card-head">
        <Link to={`/tender/detail/${tender.id}`} className="tender-title-link">
          {tender.title}
        </Link>
        <Money className="tender-value" value={tender.value} />
      </div>
      <span className="text-secondary tender-org">
        {formatText(tender.org_name)}
      </span>
      <div className="tender-card-meta">
        <span>{formatLocation(tender.city, tender.district, tender.state)}</span>
        <span>
          Closing <ClosingDate closing={tender.closing_date} live={isOpen(tender)} />
        </span>
      </div>
      <span className="tender-tags">
        <TenderStatusTag status={tender.tender_status} />
        <CorrigendumTag on={tender.is_corrigendum} />
        <TenderNumbers tender={tender} />
      </span>
    </Panel>
  );
}

interface Props {
  tenders: TenderListRow[] | undefined;
  loading: boolean;
  cards: boolean;
}

export function TenderResults({ tenders, loading, cards }: Props) {
  return (
    <ListerResults<TenderListRow>
      rows={tenders}
      loading={loading}
      cards={cards}
      emptyText="No tenders match this search"
      table={{ className: "tender-table", columns, minWidth: 720 }}
      cardsClassName="tender-cards"
      card={(t) => <TenderCard tender={t} />}
    />
  );
}
