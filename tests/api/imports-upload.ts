// Staff uploads in API tests: POST /api/imports/ as multipart (what the page sends), and polling
// GET /api/imports/{id}/ until the run has finished, keeping every answer seen on the way.
import type { App } from "../../server/app.js";
import type { ImportReport } from "../../server/ingest/importers/run.js";

export interface UploadFile {
  name: string;
  content: Buffer | string;
  type?: string;
}

export function uploadImport(app: App, headers: Record<string, string>, fields: Record<string, string>, file?: UploadFile) {
  const boundary = "----infrascout" + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "text/csv"}\r\n\r\n`));
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: "POST", url: "/api/imports/", headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts),
  });
}

export interface RunProgress {
  rows_read: number;
  rows_total: number | null;
  bytes_read: number;
  bytes_total: number | null;
  percent: number;
}
export interface RunDetail {
  id: number;
  status: "running" | "done" | "failed";
  error: string | null;
  progress: RunProgress;
  report: ImportReport;
  rejects: { file: string; row: number | null; key: string | null; reason: string }[];
}

/** Polls the run until it is no longer running; answers the last answer and every one seen. whileRunning sees each running answer. */
export async function waitForRun(
  app: App, headers: Record<string, string>, id: number,
  { everyMs = 20, timeoutMs = 120_000, whileRunning }: { everyMs?: number; timeoutMs?: number; whileRunning?: (run: RunDetail) => Promise<void> } = {},
) {
  const seen: RunDetail[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ method: "GET", url: `/api/imports/${id}/`, headers });
    if (res.statusCode !== 200) throw new Error(`GET imports/${id}/: ${res.statusCode} ${res.body}`);
    const run = res.json() as RunDetail;
    seen.push(run);
    if (run.status !== "running") return { run, seen };
    await whileRunning?.(run);
    if (Date.now() > deadline) throw new Error(`import #${id} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Uploads and waits: the finished run (its report in run.report). Fails unless the upload was accepted (202). */
export async function importAndWait(app: App, headers: Record<string, string>, fields: Record<string, string>, file: UploadFile) {
  const res = await uploadImport(app, headers, fields, file);
  if (res.statusCode !== 202) throw new Error(`POST imports/: ${res.statusCode} ${res.body}`);
  return (await waitForRun(app, headers, res.json().run_id)).run;
}
