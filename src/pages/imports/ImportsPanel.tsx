// Staff imports: upload one file of a kind (GePNIC, OCDS, our CSV/JSON), watch it go up with a
// progress bar, then watch the server process it (the upload answers at once with the run's id;
// the page polls the run for rows read of rows in the file), read the report (read, created,
// updated, skipped, rejected rows with reasons), and look back at past runs. The server runs the
// same importer as `npm run import`.
import "./imports.css";
import { InboxOutlined } from "@ant-design/icons";
import { Alert, Button, Checkbox, Drawer, Form, Input, Progress, Select, Skeleton, Tag, Typography, Upload } from "antd";
import { DataTable } from "../../components/page/DataTable";
import { Panel } from "../../components/page/Panel";
import { useEffect, useRef, useState } from "react";
import { formatDateTime, formatIndianNumber } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { IMPORT_KINDS, MAX_UPLOAD_BYTES, useImportRun, useImportRuns, useImportUpload, useRefreshImportRuns, reportOfRun, type ImportKind, type ImportReject, type ImportReport, type ImportRun } from "./api";
import { ImportReportView } from "./ImportReportView";
import { ImportRunProgress } from "./ImportRunProgress";

type Phase =
  | { step: "idle" }
  | { step: "uploading"; percent: number }
  | { step: "processing"; runId: number }
  | { step: "done"; report: Partial<ImportReport>; rejects: ImportReject[] }
  | { step: "failed"; message: string };

interface FormValues {
  kind: ImportKind;
  source?: string;
  state?: string;
  dry_run?: boolean;
}

const kindLabel = (kind: string) => IMPORT_KINDS.find((k) => k.value === kind)?.label ?? kind;

/** A guess of the kind from the file name, so the common case needs one click less. */
export function guessKind(fileName: string): ImportKind | undefined {
  const name = fileName.toLowerCase();
  if (name.endsWith(".xlsx") || /\b(mca|company[-_ ]?master)/.test(name)) return "mca";
  if (/\.jsonl?$/.test(name)) {
    if (name.includes("result")) return "results-json";
    if (name.includes("tender")) return "tenders-json";
    return "ocds";
  }
  if (name.endsWith(".csv")) {
    if (name.includes("result")) return "results-csv";
    if (name.includes("tender")) return "tenders-csv";
    return "gepnic";
  }
  return undefined;
}

function UploadCard({ onRunsChanged }: { onRunsChanged: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  const abort = useRef<AbortController | null>(null);
  const lastGuess = useRef<ImportKind | undefined>(undefined);
  useEffect(() => () => abort.current?.abort(), []);
  const kind = Form.useWatch("kind", form);
  const busy = phase.step === "uploading" || phase.step === "processing";
  const { query: processing } = useImportRun(phase.step === "processing" ? phase.runId : null);
  const upload = useImportUpload();

  // The run has finished (or can no longer be read): its report replaces the progress bar.
  useEffect(() => {
    if (phase.step !== "processing") return;
    if (processing.isError) {
      setPhase({ step: "failed", message: processing.error.message });
      return;
    }
    const run = processing.data?.data;
    if (!run || run.id !== phase.runId || run.status === "running") return;
    setPhase({ step: "done", report: reportOfRun(run), rejects: run.rejects });
    const t = run.report?.totals;
    // A failure (the run, or its file unreadable part-way) shows in the report itself, not as a success.
    if (run.status === "done" && t && !run.failed_files) {
      toastSuccess(
        run.dry_run
          ? `Dry run #${run.id}: ${t.created} would be created, ${t.updated} updated, ${t.rejected} rejected`
          : `Import #${run.id}: ${t.created} created, ${t.updated} updated, ${t.rejected} rejected`,
      );
    }
    onRunsChanged();
  }, [phase, processing.data, processing.isError, processing.error, onRunsChanged]);

  const run = async (values: FormValues) => {
    if (!file || busy) return;
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ step: "uploading", percent: 0 });
    try {
      const started = await upload(
        { kind: values.kind, file, source: values.source, state: values.state, dryRun: values.dry_run },
        (sent, total) => setPhase({ step: "uploading", percent: total > 0 ? Math.floor((sent / total) * 100) : 0 }),
        controller.signal,
      );
      setPhase({ step: "processing", runId: started.run_id });
      onRunsChanged();
    } catch (error) {
      // The HTTP layer names a cancelled request AbortError (the user left or chose another file).
      if ((error as Error | undefined)?.name === "AbortError") setPhase({ step: "idle" });
      else setPhase({ step: "failed", message: error instanceof Error ? error.message : "Something went wrong!" });
    }
  };

  return (
    <Panel size="small" title="Import a file" className="import-card">
      <Form<FormValues> form={form} layout="vertical" onFinish={(v) => void run(v)} disabled={busy} className="import-form">
        <Form.Item label="File" required className="import-file-item">
          <Upload.Dragger
            accept={IMPORT_KINDS.find((k) => k.value === kind)?.accept ?? ".csv,.json,.jsonl"}
            multiple={false}
            maxCount={1}
            fileList={file ? [{ uid: "file", name: file.name, size: file.size, status: "done" }] : []}
            beforeUpload={(f) => {
              setFile(f);
              setPhase({ step: "idle" });
              // Guess the kind unless the user picked one themselves.
              const current = form.getFieldValue("kind") as ImportKind | undefined;
              if (!current || current === lastGuess.current) {
                const guess = guessKind(f.name);
                lastGuess.current = guess;
                form.setFieldsValue({ kind: guess });
              }
              return false; // held here; sent with the form
            }}
            onRemove={() => setFile(null)}
            aria-label="Choose a file to import"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Click or drop a file here</p>
            <p className="ant-upload-hint">CSV or JSON, at most 20 MB. Larger files: npm run import on the server.</p>
          </Upload.Dragger>
          {file && file.size > MAX_UPLOAD_BYTES && (
            <Typography.Text type="danger" className="filter-error">
              This file is larger than 20 MB. Import it with npm run import on the server.
            </Typography.Text>
          )}
        </Form.Item>
        <div className="import-fields">
          <Form.Item label="Kind" name="kind" rules={[{ required: true, message: "Choose what the file holds" }]}>
            <Select aria-label="Kind" placeholder="What the file holds" options={IMPORT_KINDS.map((k) => ({ value: k.value, label: k.label }))} />
          </Form.Item>
          <Form.Item label="Source" name="source" tooltip="Where the data comes from (stored on each tender; for GePNIC it also keeps the portal's ids apart)">
            <Input placeholder="e.g. assam-eproc" maxLength={200} />
          </Form.Item>
          <Form.Item label="State" name="state" tooltip="A fallback: for tenders whose file names no state (where it names one, the file’s is kept)">
            <Input placeholder="e.g. Assam" maxLength={100} />
          </Form.Item>
        </div>
        <Form.Item name="dry_run" valuePropName="checked" className="import-dry-run">
          <Checkbox>Dry run: check everything, write nothing</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!file || busy || file.size > MAX_UPLOAD_BYTES}>
          Import
        </Button>
      </Form>

      {phase.step !== "idle" && (
        <div className="import-progress" aria-live="polite">
          {phase.step === "uploading" && (
            <>
              <Typography.Text>Uploading {file?.name}…</Typography.Text>
              <Progress percent={phase.percent} status="active" aria-label="Upload progress" />
            </>
          )}
          {phase.step === "processing" && (
            <ImportRunProgress run={processing.data?.data.id === phase.runId ? processing.data.data : undefined} fileName={file?.name ?? "the file"} />
          )}
          {phase.step === "done" && (
            <>
              <Progress percent={100} status={phase.report.status === "done" ? "success" : "exception"} aria-label="Import progress" />
              <ImportReportView report={phase.report} rejects={phase.rejects} />
            </>
          )}
          {phase.step === "failed" && (
            <>
              <Progress percent={100} status="exception" aria-label="Import progress" />
              <Alert type="error" showIcon message="The file was not imported" description={phase.message} />
            </>
          )}
        </div>
      )}
    </Panel>
  );
}

function RunDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { query } = useImportRun(id);
  const run = query.data?.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title={id !== null ? `Import #${id}` : ""} width={Math.min(760, typeof window !== "undefined" ? window.innerWidth : 760)} destroyOnHidden>
      {query.isPending && <Skeleton active />}
      {query.isError && <Alert type="error" showIcon message={query.error.message} />}
      {run && (
        <>
          <Typography.Paragraph type="secondary">
            {kindLabel(run.kind)} · {run.files.join(", ")} · by {run.user_email ?? run.actor ?? "—"}
          </Typography.Paragraph>
          {run.status === "running" ? <ImportRunProgress run={run} fileName={run.files.join(", ")} /> : <ImportReportView report={reportOfRun(run)} rejects={run.rejects} />}
        </>
      )}
    </Drawer>
  );
}

function RunsCard({ open }: { open: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const { result, query } = useImportRuns(page);
  const pageSize = (query.data as { page_size?: number } | undefined)?.page_size;
  return (
    <Panel size="small" title="Past imports" className="import-card">
      {query.isError && <Alert type="error" showIcon message={query.error.message} />}
      <DataTable<ImportRun>
        className="import-runs"
        size="small"
        rowKey="id"
        loading={query.isFetching}
        rows={result.data}
        minWidth={900}
        pagination={{ current: page, pageSize: pageSize ?? 50, total: result.total ?? 0, onChange: setPage }}
        columns={[
          { title: "#", key: "id", dataIndex: "id", width: 60 },
          {
            title: "File",
            key: "file",
            width: 260,
            render: (_, r) => (
              <>
                <div className="import-run-file">{r.files.join(", ")}</div>
                <Typography.Text type="secondary" className="import-run-kind">
                  {kindLabel(r.kind)}
                </Typography.Text>
              </>
            ),
          },
          {
            title: "Status",
            key: "status",
            width: 110,
            render: (_, r) => (
              <>
                <Tag color={r.status === "done" ? "green" : r.status === "running" ? "blue" : "red"}>{r.status === "done" ? "Done" : r.status === "running" ? "Running" : "Failed"}</Tag>
                {r.dry_run && <Tag color="gold">Dry run</Tag>}
              </>
            ),
          },
          {
            title: "Read / Created / Updated / Rejected",
            key: "totals",
            width: 170,
            render: (_, r) => (r.totals ? [r.totals.read, r.totals.created, r.totals.updated, r.totals.rejected].map((n) => formatIndianNumber(n)).join(" / ") : "—"),
          },
          { title: "By", key: "by", width: 180, ellipsis: true, responsive: ["md"], render: (_, r) => r.user_email ?? r.actor ?? "—" },
          { title: "Started", key: "started", dataIndex: "started_at", width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: "",
            key: "open",
            width: 80,
            render: (_, r) => (
              <Button size="small" onClick={() => open(r.id)} aria-label={`Report of import ${r.id}`}>
                Report
              </Button>
            ),
          },
        ]}
        empty={query.isPending ? null : "No imports yet"}
      />
    </Panel>
  );
}

export function ImportsPanel() {
  const [openRun, setOpenRun] = useState<number | null>(null);
  const refreshRuns = useRefreshImportRuns();
  return (
    <div className="imports-panel">
      <UploadCard onRunsChanged={refreshRuns} />
      <RunsCard open={setOpenRun} />
      <RunDrawer id={openRun} onClose={() => setOpenRun(null)} />
    </div>
  );
}

export default ImportsPanel;
