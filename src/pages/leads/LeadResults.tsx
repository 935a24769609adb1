// The leads of one page of results: a table on wide screens, cards on phones.
import "./leads.css";
import { Space, Tag } from "antd";
import { Panel } from "../../components/page/Panel";
import type { DataColumn } from "../../components/page/DataTable";
import { ListerResults } from "../../components/search/ListerResults";
import { Link } from "react-router";
import { formatDate, formatLocation, formatRupees, formatText } from "../../lib/format";
import { leadDetailPath, projectTypes, type LeadRow } from "./api";
import { MarkControl } from "./MarkControl";
import { MarkLeads } from "./useMarkLead";
import { Money } from "../../components/format/Money";

export function TypeTags({ value, max = 3 }: { value: LeadRow["project_type"]; max?: number }) {
  const types = projectTypes(value);
  if (types.length === 0) return null;
  return (
    <span className="type-tags">
      {types.slice(0, max).map((t) => (
        <Tag key={t} bordered={false} color="blue">
          {t}
        </Tag>
      ))}
      {types.length > max && <Tag bordered={false}>+{types.length - max}</Tag>}
    </span>
  );
}

export function StatusTag({ status }: { status: string | null | undefined }) {
  if (!status) return <span className="text-secondary">{formatText(status)}</span>;
  const colour: Record<string, string> = {
    Planning: "geekblue",
    Approval: "purple",
    Tendering: "cyan",
    Awarded: "green",
    "Under Construction": "orange",
    Completed: "default",
    "On Hold": "red",
  };
  return <Tag color={colour[status] ?? "default"}>{status}</Tag>;
}

const columns: DataColumn<LeadRow>[] = [
  {
    title: "Project",
    key: "title",
    render: (_, lead) => (
      <div className="lead-title-cell">
        <Link to={leadDetailPath(lead)} className="lead-title-link">
          {lead.title}
        </Link>
        {/* Cut by CSS (leads.css), not antd's ellipsis prop: that measures every row's text after
            each render (a forced layout per row, ≈ 190 ms of a 20-row page's first paint here). */}
        <span className="text-secondary lead-owner lead-owner-one-line" title={lead.owner_name ?? undefined}>
          {formatText(lead.owner_name)}
        </span>
        <TypeTags value={lead.project_type} max={3} />
      </div>
    ),
  },
  {
    title: "Location",
    key: "location",
    width: 130,
    render: (_, l) => (
      <>
        <div>{formatLocation(l.city, l.district)}</div>
        <span className="text-secondary lead-sub">
          {formatText(l.state)}
        </span>
      </>
    ),
  },
  {
    title: "Sector / Status",
    key: "sector",
    width: 150,
    render: (_, l) => (
      <>
        <div>{formatText(l.sector)}</div>
        <StatusTag status={l.status} />
      </>
    ),
  },
  {
    title: "Value / Retrieved",
    key: "value",
    width: 128,
    align: "right",
    render: (_, l) => (
      <>
        <Money as="div" className="lead-value" value={l.value} />
        <span className="text-secondary lead-sub" title="Retrieved on">
          {formatDate(l.retrieved_on)}
        </span>
      </>
    ),
  },
  { title: "Mark", key: "mark", width: 128, render: (_, l) => <MarkControl id={l.id} mark={l.mark} /> },
];

interface Props {
  leads: LeadRow[] | undefined;
  loading: boolean;
  cards: boolean;
}

export function LeadCard({ lead, selected, onSelect, newStyle }: { lead: LeadRow; selected?: boolean; onSelect?: () => void; newStyle?: boolean }) {
  return (
    <Panel
      size="small"
      className={`lead-card ${selected ? "lead-card-selected" : ""} ${onSelect ? "lead-card-selectable" : ""}`}
      // A click anywhere on the card selects it; for the keyboard and screen readers the title is
      // the toggle button (the card itself holds the Mark As button, so it cannot be one).
      onClick={onSelect}
      data-lead-id={lead.id}
    >
      <div className="lead-card-head">
        {onSelect ? (
          <button type="button" className="lead-title-link lead-card-select" aria-pressed={!!selected} onClick={(e) => (e.stopPropagation(), onSelect())}>
            {lead.title}
          </button>
        ) : (
          <Link to={leadDetailPath(lead, newStyle)} className="lead-title-link">
            {lead.title}
          </Link>
        )}
        <Money className="lead-value" value={lead.value} />
      </div>
      <span className="text-secondary lead-owner">
        {formatText(lead.owner_name)}
      </span>
      <div className="lead-card-meta">
        <span>{formatLocation(lead.city, lead.district, lead.state)}</span>
        <span>{formatText(lead.sector)}</span>
        <span>Retrieved {formatDate(lead.retrieved_on)}</span>
      </div>
      <Space size={[4, 4]} wrap className="lead-card-tags">
        <StatusTag status={lead.status} />
        <TypeTags value={lead.project_type} />
      </Space>
      <div className="lead-card-actions" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
        <MarkControl id={lead.id} mark={lead.mark} />
      </div>
    </Panel>
  );
}

export function LeadResults({ leads, loading, cards }: Props) {
  // One mark mutation for the page's rows (MarkLeads), in the table and in the cards.
  return (
    <MarkLeads>
      <ListerResults<LeadRow>
        rows={leads}
        loading={loading}
        cards={cards}
        emptyText="No leads match this search"
        table={{ className: "lead-table", columns, minWidth: 720 }}
        cardsClassName="lead-cards"
        card={(lead) => <LeadCard lead={lead} />}
      />
    </MarkLeads>
  );
}
