// Staff see freshness (issue 19, point 5): every import source — kind and the label its runs were
// given — with its last import and last success (IST), what it wrote, the changes its imports
// found and its failures, stalest first, so a source that stopped arriving shows at a glance. A
// stale row says so in words and with an icon, not by colour alone. The staff area's Sources tab
// (/update-projects?tab=sources), read through the data provider (resource 'import-sources' →
// GET imports/sources/); when a source is stale: common/import-sources.ts.
import "./sources.css";
import { CheckCircleOutlined, ExclamationCircleOutlined, WarningOutlined } from "@ant-design/icons";
import { CanAccess, useList } from "@refinedev/core";
import { Alert, Button, Tag, Typography } from "antd";
import { STALE_AFTER_DAYS, type ImportSource } from "../../../common/import-sources";
import { DataTable, type DataColumn } from "../../components/page/DataTable";
import { useScreens } from "../../components/page/dataTableParts";
import { countOf, formatDateTime, formatDaysAgo, formatIndianNumber } from "../../lib/format";
import { IMPORT_KINDS } from "../imports/api";

export const IMPORT_SOURCES = "import-sources";

const UNIT_NOUNS = { tender: ["tender", "tenders"], result: ["result", "results"], company: ["company", "companies"] } as const;
const kindLabel = (kind: string) => IMPORT_KINDS.find((k) => k.value === kind)?.label ?? kind;

/** Why a source is stale or fresh, in words: "No successful import for 20 days (stale after 14)". */
export function freshnessText(s: ImportSource, now = Date.now()): string {
  if (!s.last_success_at) return "Never imported successfully";
  const age = formatDaysAgo(s.last_success_at, now);
  return s.stale ? `Last success ${age}; stale after ${countOf(s.stale_after_days, "day")}` : `Last success ${age}`;
}

function Freshness({ source }: { source: ImportSource }) {
  return (
    <div className="source-freshness">
      {source.stale ? (
        <Tag color="error" icon={<WarningOutlined aria-hidden />} className="source-tag">
          Stale
        </Tag>
      ) : (
        <Tag color="success" icon={<CheckCircleOutlined aria-hidden />} className="source-tag">
          Fresh
        </Tag>
      )}
      <Typography.Text type="secondary" className="source-freshness-why">
        {freshnessText(source)}
      </Typography.Text>
    </div>
  );
}

function Items({ source: s }: { source: ImportSource }) {
  const [one, many] = UNIT_NOUNS[s.unit];
  return (
    <span>
      {countOf(s.items_created, one, many)} new
      <br />
      <Typography.Text type="secondary">{formatIndianNumber(s.items_updated, 0)} updated</Typography.Text>
    </span>
  );
}

/** "1 failed import · 15 rejected rows · 1 unreadable file", or "None". */
export function failuresText(s: ImportSource): string {
  const parts = [
    s.failed_runs ? countOf(s.failed_runs, "failed import") : null,
    s.rejected_rows ? countOf(s.rejected_rows, "rejected row") : null,
    s.failed_files ? countOf(s.failed_files, "unreadable file") : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "None";
}

function SourceName({ source: s, compact }: { source: ImportSource; compact: boolean }) {
  return (
    <div className="source-name">
      <span className="source-label">{s.source ?? "(no source label)"}</span>
      <Typography.Text type="secondary" className="source-kind">
        {kindLabel(s.kind)} · {countOf(s.runs, "import")}
      </Typography.Text>
      {/* Narrow screens: the columns they leave out, as lines under the name. */}
      {compact && (
        <dl className="source-compact">
          <dt>Last import</dt>
          <dd>{formatDateTime(s.last_run_at)}{s.last_run_status !== "done" ? ` (${s.last_run_status})` : ""}</dd>
          <dt>Written</dt>
          <dd>{countOf(s.items_created, UNIT_NOUNS[s.unit][0], UNIT_NOUNS[s.unit][1])} new, {formatIndianNumber(s.items_updated, 0)} updated</dd>
          <dt>Changes found</dt>
          <dd>{formatIndianNumber(s.changes_found, 0)}</dd>
          <dt>Failures</dt>
          <dd>{failuresText(s)}</dd>
        </dl>
      )}
    </div>
  );
}

/** The staleness rule in words (common/import-sources.ts). */
export const STALE_RULE = `A source is stale after ${STALE_AFTER_DAYS.tender} days without a successful import for tenders, ${STALE_AFTER_DAYS.result} for results and ${STALE_AFTER_DAYS.company} for companies.`;

/** "2 of 5 sources are stale", "The source is fresh", "All 4 sources are fresh". */
export function summaryText(sources: number, stale: number): string {
  if (stale) return `${formatIndianNumber(stale, 0)} of ${countOf(sources, "source")} ${stale === 1 ? "is" : "are"} stale`;
  return sources === 1 ? "The source is fresh" : `All ${countOf(sources, "source")} are fresh`;
}

function Summary({ sources, stale }: { sources: number; stale: number }) {
  if (!sources) return null;
  return stale ? (
    <Alert type="warning" showIcon icon={<ExclamationCircleOutlined />} message={summaryText(sources, stale)} className="sources-summary" />
  ) : (
    <Alert type="success" showIcon message={summaryText(sources, stale)} className="sources-summary" />
  );
}

function SourcesTable() {
  const screens = useScreens();
  const { result, query } = useList<ImportSource>({ resource: IMPORT_SOURCES, pagination: { mode: "off" }, errorNotification: false });
  const rows = result.data;
  const stale = (result as { stale_count?: number }).stale_count ?? rows.filter((s) => s.stale).length;
  const wide = screens.md;

  const columns: DataColumn<ImportSource>[] = [
    { key: "freshness", title: "Freshness", width: wide ? 190 : 110, render: (_, s) => <Freshness source={s} /> },
    { key: "source", title: "Source", render: (_, s) => <SourceName source={s} compact={!wide} /> },
    {
      key: "last_run",
      title: "Last import (IST)",
      responsive: ["md"],
      render: (_, s) => (
        <span>
          {formatDateTime(s.last_run_at)}
          {s.last_run_status === "failed" && <Tag color="error" className="source-run-status">Failed</Tag>}
          {s.last_run_status === "running" && <Tag color="processing" className="source-run-status">Running</Tag>}
        </span>
      ),
    },
    { key: "last_success", title: "Last success (IST)", responsive: ["md"], render: (_, s) => (s.last_success_at ? formatDateTime(s.last_success_at) : "Never") },
    { key: "items", title: "Items written", responsive: ["md"], render: (_, s) => <Items source={s} /> },
    { key: "changes", title: "Changes found", align: "right", responsive: ["md"], render: (_, s) => formatIndianNumber(s.changes_found, 0) },
    { key: "failures", title: "Failures", responsive: ["md"], render: (_, s) => failuresText(s) },
  ];

  return (
    <div className="sources-panel">
      <div className="sources-head">
        <Typography.Paragraph type="secondary" className="sources-intro">
          Each place tenders, results and companies are imported from, stalest first. {STALE_RULE} Dry runs are not counted.
        </Typography.Paragraph>
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          Refresh
        </Button>
      </div>
      {query.isError && <Alert type="error" showIcon message="The sources could not be loaded." action={<Button size="small" onClick={() => void query.refetch()}>Try again</Button>} />}
      <Summary sources={rows.length} stale={stale} />
      <DataTable
        label="Import sources"
        columns={columns}
        rows={rows}
        rowKey={(s) => `${s.kind}:${s.source ?? ""}`}
        rowClassName={(s) => (s.stale ? "source-row source-row-stale" : "source-row")}
        loading={query.isFetching}
        empty="No imports yet. Sources appear here after their first import."
      />
    </div>
  );
}

/** Behind the resource's own rule (staff), whatever page it is shown on. */
export function SourcesPanel() {
  return (
    <CanAccess resource={IMPORT_SOURCES} action="list" fallback={<Alert type="info" message="Import sources are for staff." />}>
      <SourcesTable />
    </CanAccess>
  );
}
