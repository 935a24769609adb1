// An import's report: the totals (read, created, updated, unchanged, skipped, rejected), the
// companies it created or linked, each file's outcome, and every rejected row with its reason.
import { Alert, Descriptions, Empty, Tag, Typography } from "antd";
import { DataTable } from "../../components/page/DataTable";
import { importPlaceLine, importVerdict } from "../../../common/imports";
import { formatDateTime, formatIndianNumber } from "../../lib/format";
import type { ImportCounts, ImportReject, ImportReport, ImportWarning } from "./api";

const COUNTS: { key: keyof ImportCounts; label: string }[] = [
  { key: "read", label: "Read" },
  { key: "created", label: "Created" },
  { key: "updated", label: "Updated" },
  { key: "unchanged", label: "Unchanged" },
  { key: "skipped", label: "Skipped" },
  { key: "rejected", label: "Rejected" },
];

export function ImportTotals({ totals }: { totals: ImportCounts | null | undefined }) {
  return (
    <dl className="import-totals" aria-label="Import totals">
      {COUNTS.map((c) => (
        <div key={c.key} className={`import-total import-total-${c.key}`} data-count={c.key}>
          <dt>{c.label}</dt>
          <dd>{totals ? formatIndianNumber(totals[c.key]) : "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RejectsTable({ rejects, total }: { rejects: ImportReject[]; total: number }) {
  if (rejects.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No rejected rows" />;
  return (
    <>
      <DataTable<ImportReject>
        className="import-rejects"
        size="small"
        rowKey={(r, i) => `${r.file}:${r.row}:${i}`}
        rows={rejects}
        pagination={{ pageSize: 20 }}
        minWidth={560}
        columns={[
          { title: "Row", key: "row", dataIndex: "row", width: 70, render: (row: number | null) => (row === null ? "file" : row) },
          { title: "Reason", key: "reason", dataIndex: "reason", render: (reason: string) => <span className="import-reason">{reason}</span> },
          { title: "Item", key: "key", dataIndex: "key", width: 150, render: (key?: string | null) => key ?? "—" },
          { title: "File", key: "file", dataIndex: "file", width: 180, ellipsis: true },
        ]}
      />
      {total > rejects.length && (
        <Typography.Text type="secondary">
          Showing {formatIndianNumber(rejects.length)} of {formatIndianNumber(total)} rejected rows.
        </Typography.Text>
      )}
    </>
  );
}

function Warnings({ warnings, total }: { warnings: ImportWarning[]; total: number }) {
  if (warnings.length === 0) return null;
  return (
    <div className="import-warnings">
      <Typography.Title level={5}>Warnings ({formatIndianNumber(total)})</Typography.Title>
      <ul>
        {warnings.map((w, i) => (
          <li key={i}>
            <Typography.Text type="secondary">
              {w.file}
              {w.row !== null ? `, row ${w.row}` : ""}:
            </Typography.Text>{" "}
            {w.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A whole report (the upload's answer, or a past run's stored report with its rejects). */
export function ImportReportView({ report, rejects }: { report: Partial<ImportReport>; rejects?: ImportReject[] }) {
  const rows = rejects ?? report.rejects ?? [];
  const unit = report.unit === "result" ? "results" : report.unit === "company" ? "companies" : "tenders";
  const failedFiles = (report.files ?? []).filter((f) => f.error);
  const verdict = report.status && report.unit && report.totals ? importVerdict({ status: report.status, dry_run: !!report.dry_run, unit: report.unit, totals: report.totals }) : null;
  const placeLine = importPlaceLine(report.place);
  return (
    <div className="import-report" aria-label="Import report">
      <div className="import-report-head">
        <Typography.Text strong>Import #{report.run_id}</Typography.Text>
        <Tag color={report.status === "done" ? "green" : "red"}>{report.status === "done" ? "Done" : "Failed"}</Tag>
        {report.dry_run && <Tag color="gold">Dry run: nothing was written</Tag>}
        <Typography.Text type="secondary">
          Counts are {unit}; read counts rows, lines or releases.
        </Typography.Text>
      </div>
      {report.error && (
        <Alert
          type="error"
          showIcon
          message="The import stopped before the end"
          description={
            <>
              <div className="import-error">{report.error}</div>
              {/* A crash the runner recorded (it has totals); a run that died says this itself. */}
              {report.totals && (
                <div>
                  {report.dry_run
                    ? "It was a dry run: nothing was written."
                    : `What it wrote before it stopped stays, each of the ${unit} whole or not at all (the counts below); upload the file again to complete it.`}
                </div>
              )}
            </>
          }
        />
      )}
      {failedFiles.map((f) => (
        <Alert key={f.file} type="error" showIcon message={`${f.file} could not be read`} description={f.error} />
      ))}
      <ImportTotals totals={report.totals} />
      {verdict && <Alert className="import-verdict" type="info" showIcon message={verdict} />}
      {placeLine && <Typography.Paragraph className="import-place">{placeLine}</Typography.Paragraph>}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: "companies", label: "Companies", children: report.companies ? `${formatIndianNumber(report.companies.created)} created, ${formatIndianNumber(report.companies.linked)} linked` : "—" },
          { key: "started", label: "Started", children: formatDateTime(report.started_at) },
          { key: "files", label: "File", children: (report.files ?? []).map((f) => f.file).join(", ") || "—" },
        ]}
      />
      <Typography.Title level={5}>Rejected rows ({formatIndianNumber(report.rejects_total ?? rows.length)})</Typography.Title>
      <RejectsTable rejects={rows} total={report.rejects_total ?? rows.length} />
      <Warnings warnings={report.warnings ?? []} total={report.warnings_total ?? 0} />
    </div>
  );
}
