// One page of builders: a table on wide screens, cards on phones. The name links to the
// builder's detail; CIN, type, place, paid-up capital and incorporation tell similar names apart.
import { UnlockOutlined } from "@ant-design/icons";
import { Tag } from "antd";
import { Panel } from "../../components/page/Panel";
import type { DataColumn } from "../../components/page/DataTable";
import { ListerResults } from "../../components/search/ListerResults";
import { Link } from "react-router";
import type { CompanyListRow } from "../../../common/companies";
import { builderDetailPath } from "../../components/companies/api";
import { countOf, formatDate, formatLocation, formatRupees, formatText } from "../../lib/format";
import "./builders.css";
import { Money } from "../../components/format/Money";

export function UnlockedTag({ unlocked }: { unlocked: boolean }) {
  return unlocked ? (
    <Tag color="blue" icon={<UnlockOutlined />} className="builder-unlocked">
      Unlocked
    </Tag>
  ) : null;
}

function Kind({ c }: { c: Pick<CompanyListRow, "company_type" | "industry"> }) {
  return (
    <>
      <div>{formatText(c.company_type)}</div>
      {c.industry && (
        <span className="text-secondary builder-sub">
          {c.industry}
        </span>
      )}
    </>
  );
}

const columns: DataColumn<CompanyListRow>[] = [
  {
    title: "Company",
    key: "name",
    render: (_, c) => (
      <div className="builder-name-cell">
        <Link to={builderDetailPath(c.id)} className="builder-name">
          {c.name}
        </Link>
        <span className="text-secondary builder-cin">
          {c.cin ?? "No CIN"}
        </span>
        <span>
          <UnlockedTag unlocked={c.is_unlocked} />
          {c.company_status && c.company_status !== "Active" && <Tag color="red">{c.company_status}</Tag>}
        </span>
      </div>
    ),
  },
  { title: "Type / Industry", key: "kind", width: 170, render: (_, c) => <Kind c={c} /> },
  {
    title: "Location",
    key: "place",
    width: 150,
    render: (_, c) => (
      <>
        <div>{formatText(c.city)}</div>
        <span className="text-secondary builder-sub">
          {formatText(c.state)}
        </span>
      </>
    ),
  },
  {
    title: "Paid-up capital",
    key: "capital",
    width: 140,
    align: "right",
    render: (_, c) => (
      <>
        <Money as="div" className="builder-money" value={c.paid_up_capital} />
        <span className="text-secondary builder-sub" title="Incorporated">
          Inc. {formatDate(c.incorporation_date)}
        </span>
      </>
    ),
  },
  {
    title: "Activity",
    key: "activity",
    width: 130,
    render: (_, c) => (
      <div className="builder-sub-list">
        <span>{countOf(c.project_count, "project")}</span>
        <span>{countOf(c.contact_count, "contact")}</span>
        {c.employee_band && <span>{c.employee_band} staff</span>}
      </div>
    ),
  },
];

export function BuilderCard({ c }: { c: CompanyListRow }) {
  return (
    <Panel size="small" className="builder-card" data-company-id={c.id}>
      <div className="builder-card-head">
        <Link to={builderDetailPath(c.id)} className="builder-name">
          {c.name}
        </Link>
        <Money className="builder-money" value={c.paid_up_capital} />
      </div>
      <span className="text-secondary builder-cin">
        {c.cin ?? "No CIN"}
      </span>
      <div className="builder-card-meta">
        <span>{[c.company_type, c.industry].filter(Boolean).join(" · ") || formatText(null)}</span>
        <span>{formatLocation(c.city, c.state)}</span>
        <span>Inc. {formatDate(c.incorporation_date)}</span>
        <span>
          {countOf(c.project_count, "project")} · {countOf(c.contact_count, "contact")}
        </span>
      </div>
      <UnlockedTag unlocked={c.is_unlocked} />
    </Panel>
  );
}

export function BuilderResults({ rows, loading, cards }: { rows: CompanyListRow[] | undefined; loading: boolean; cards: boolean }) {
  return (
    <ListerResults<CompanyListRow>
      rows={rows}
      loading={loading}
      cards={cards}
      emptyText="No companies match this search"
      table={{ className: "builder-table", columns, minWidth: 760 }}
      cardsClassName="builder-cards"
      card={(c) => <BuilderCard c={c} />}
    />
  );
}
