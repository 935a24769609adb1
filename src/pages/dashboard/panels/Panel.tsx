// A dashboard panel: a card with its title, its headline number and what a person can open
// from it; and the category split links shared by the lead panels.
import { Flex, Skeleton, Statistic, Typography } from "antd";
import { Panel as Frame } from "../../../components/page/Panel";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CategoryCount, LeadCategory } from "../../../../common/dashboard";
import { EmptyState } from "../../../components/page/PageShell";
import { formatIndianNumber } from "../../../lib/format";
import { LEAD_LISTERS } from "../api";

interface PanelProps {
  title: string;
  /** The panel's number, shown big beside the title. */
  number?: number | null;
  numberLabel?: string;
  /** Where the number leads (a lister with exactly those items). */
  to?: string;
  extra?: ReactNode;
  loading?: boolean;
  error?: boolean;
  children?: ReactNode;
  className?: string;
}

export function Panel({ title, number, numberLabel, to, extra, loading, error, children, className }: PanelProps) {
  const figure =
    number === undefined || number === null ? null : (
      <Statistic className="dash-number" value={formatIndianNumber(number, 0)} title={numberLabel} />
    );
  return (
    <Frame className={`dash-panel ${className ?? ""}`} title={<span className="dash-panel-title">{title}</span>} extra={extra} size="small">
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : error ? (
        <EmptyState title="Could not load this panel" text="Reload the page to try again." />
      ) : (
        <>
          {figure && (
            <div className="dash-figure">{to ? <Link to={to} aria-label={`${title}: ${number} — open the list`}>{figure}</Link> : figure}</div>
          )}
          {children}
        </>
      )}
    </Frame>
  );
}

/** 'Construction 2 · Industrial 1', each a link to its lister (only the non-zero ones). */
export function CategoryLinks({ counts, link, label }: { counts: CategoryCount; link: (c: LeadCategory) => string; label?: string }) {
  const parts = (["construction", "industrial"] as const).filter((c) => counts[c] > 0);
  if (parts.length === 0) return <Typography.Text type="secondary">None</Typography.Text>;
  return (
    <Flex gap={12} wrap className="dash-category-links">
      {parts.map((c) => (
        <Link key={c} to={link(c)} aria-label={`${label ? `${label}: ` : ""}${LEAD_LISTERS[c].label} ${counts[c]}`}>
          {LEAD_LISTERS[c].label} <strong>{formatIndianNumber(counts[c], 0)}</strong>
        </Link>
      ))}
    </Flex>
  );
}
