// Staff imports over HTTP: the same importers as `npm run import`, one file per request.
//   POST /imports/        staff; multipart: kind, file, and optionally source, state, dry_run →
//                         202 {run_id, status: 'running'} once the kind and the file are checked;
//                         the import runs as a job (jobs.ts)
//   GET  /imports/        staff; past runs, newest first (?page=), each with its progress
//   GET  /imports/{id}/   staff; one run: status (running / done / failed), progress (rows and
//                         bytes read so far and in total, percent), its report and every rejected
//                         row (first 1000) once finished. The upload page polls this. A failed
//                         run changed nothing (its error says so): an import is all or nothing.
// Uploads are at most IMPORT_UPLOAD_MAX_MB (20 MB; larger: 413); bigger files go through the
// command line, which streams. A zip (an XLSX workbook) is checked before any parser reads it and
// parsed in a worker with a bounded heap (importers/xlsx-rows.ts): a hostile one is refused (400)
// or fails its own run, with the reason, while the API answers. Uploads are kept in
// IMPORT_TEMP_DIR until their run ends, however it ends.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import multipart from "@fastify/multipart";
import { Type } from "typebox";
import { HttpError, fieldError, notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { IMPORT_KINDS, type ImportKind } from "../../ingest/importers/model.js";
import { canonicalState } from "../../ingest/importers/place.js";
import { unreadableReason } from "../../ingest/importers/probe.js";
import { REPORT_LIST_CAP } from "../../ingest/importers/run.js";
import { assertCleanFormText } from "../../http/input-guard.js";
import { ImportJobs, failStaleRuns, type LiveRun } from "./jobs.js";
import { findRun, runRejects, runsPage, type RunRow } from "./queries.js";

/** The default upload limit (IMPORT_UPLOAD_MAX_MB, config.ts: importLimits.uploadMaxBytes). */
export const MAX_IMPORT_UPLOAD_BYTES = 20 * 1024 * 1024;
const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
export const IMPORT_MESSAGES = {
  notMultipart: "Send the file as multipart/form-data in the field 'file', with the field 'kind'.",
  missing: "No file was submitted.",
  tooLarge: (maxBytes: number) => `The file may be at most ${megabytes(maxBytes)} MB. Import larger files with npm run import on the server.`,
  kind: `Must be one of: ${IMPORT_KINDS.join(", ")}.`,
  state: "Must be the name of an Indian state or union territory.",
  notFound: "Import not found.",
};
const PAGE_SIZE = 50;
/** Upload and scratch folders older than this were left by a process that died (killed, crashed) mid-import. */
const STALE_TEMP_HOURS = 24;

/** Removes what imports of dead processes left in the temp folder (a running import's folder is younger). */
function sweepStaleTemp(dir: string): void {
  const cutoff = Date.now() - STALE_TEMP_HOURS * 3_600_000;
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!/^infrascout-(import|xlsx)-/.test(name)) continue;
    const full = path.join(dir, name);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (stat && stat.mtimeMs < cutoff) fs.rmSync(full, { recursive: true, force: true });
  }
}

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse };
const staff = { access: "staff" as const };
const Started = Type.Object({ run_id: Type.Number(), status: Type.Literal("running") });
const NS = Type.Union([Type.String(), Type.Null()]);
const NN = Type.Union([Type.Number(), Type.Null()]);
const runFields = {
  id: Type.Number(), kind: Type.String(), source: NS, files: Type.Array(Type.String()), actor: NS, user_id: NN, user_email: NS,
  dry_run: Type.Boolean(), status: Type.String({ description: "running | done | failed" }), error: NS, started_at: NS, finished_at: NS,
  totals: Type.Unknown({ description: "The report's totals once finished, else null" }), failed_files: Type.Number(), rejects_total: Type.Number(),
  progress: Type.Object({ rows_read: Type.Number(), rows_total: NN, bytes_read: Type.Number(), bytes_total: NN, percent: Type.Number() }),
};
const RunList = Type.Object({ count: Type.Number(), page: Type.Number(), page_size: Type.Number(), results: Type.Array(Type.Object(runFields)) });
const RunDetail = Type.Object({
  ...runFields,
  report: Type.Unknown({ description: "The importer's report ({} while running)" }),
  rejects: Type.Array(Type.Object({ file: Type.String(), row: NN, key: NS, reason: Type.String() }), { description: "The first rejected rows" }),
});

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const parseJson = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

/**
 * How far a run is: rows read of the rows counted before it began when known (CSV, JSON Lines),
 * else bytes parsed of the file size. A running run stays below 100 % until its report is in.
 */
function progressOf(r: RunRow) {
  const rowsKnown = r.rows_total !== null && r.rows_read <= r.rows_total;
  const [done, total] = rowsKnown ? [r.rows_read, r.rows_total!] : [r.bytes_read, r.bytes_total ?? 0];
  const share = total > 0 ? Math.floor((done * 100) / total) : 0; // multiplied first: whole numbers, no 28.999…
  const percent = r.status === "done" ? 100 : Math.min(r.status === "running" ? 99 : 100, share);
  return { rows_read: r.rows_read, rows_total: rowsKnown ? r.rows_total : null, bytes_read: r.bytes_read, bytes_total: r.bytes_total, percent };
}

function summary(r: RunRow) {
  const report = (parseJson(r.report) ?? {}) as { totals?: unknown; failed_files?: number; rejects_total?: number };
  return {
    id: r.id, kind: r.kind, source: r.source, files: r.files, actor: r.actor, user_id: r.user_id, user_email: r.user_email,
    dry_run: r.dry_run, status: r.status, error: r.error, started_at: iso(r.started_at), finished_at: iso(r.finished_at),
    totals: report.totals ?? null, failed_files: report.failed_files ?? 0, rejects_total: report.rejects_total ?? 0,
    progress: progressOf(r),
  };
}
/** A job this process runs, as a run row (PGlite: the row itself is written when the job ends). */
function liveRow(live: LiveRun, userEmail: string | null): RunRow {
  const p = live.progress;
  return {
    id: live.id, kind: live.kind, source: live.source, files: live.files, actor: live.actor, user_id: live.user_id, user_email: userEmail,
    dry_run: live.dry_run, status: "running", error: null, started_at: live.started_at, finished_at: null, report: {},
    rows_read: p.rowsRead, rows_total: p.rowsTotal, bytes_read: p.bytesRead, bytes_total: p.bytesTotal,
  };
}

const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Registered in this plugin's own scope (other modules register their own, with other limits).
  const limits = app.config.importLimits;
  sweepStaleTemp(limits.tempDir);
  await app.register(multipart, { limits: { fileSize: limits.uploadMaxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1000 } });
  const jobs = new ImportJobs(app.db, app.log);
  app.addHook("onClose", () => jobs.drain());

  app.post(
    "/imports/",
    {
      config: staff,
      schema: {
        tags: ["imports"],
        summary: "Start importing one file (staff): OCDS, GePNIC AOC CSV, our tenders/results CSV/JSON, or the MCA company master (kind mca, CSV/XLSX); poll GET imports/{id}/",
        consumes: ["multipart/form-data"],
        response: { 202: Started, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw fieldError("file", IMPORT_MESSAGES.notMultipart);
      fs.mkdirSync(limits.tempDir, { recursive: true });
      const dir = fs.mkdtempSync(path.join(limits.tempDir, "infrascout-import-"));
      const removeUpload = () => fs.rmSync(dir, { recursive: true, force: true });
      // Until the job owns the uploaded copy, any refusal removes it.
      let started = false;
      try {
        const fields: Record<string, string> = {};
        let saved: { path: string; name: string; size: number } | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === "field") {
              assertCleanFormText(part.fieldname, part.fieldname + String(part.value ?? "")); // no NUL to the database
              fields[part.fieldname] = String(part.value ?? "");
              continue;
            }
            if (part.fieldname !== "file" || saved) {
              part.file.resume();
              continue;
            }
            const name = (part.filename.split(/[\\/]/).pop() || "upload").replace(/[\u0000-\u001f]/g, "").slice(0, 200) || "upload";
            const target = path.join(dir, crypto.randomBytes(8).toString("hex"));
            await pipeline(part.file, fs.createWriteStream(target));
            if (part.file.truncated) throw new HttpError(413, { detail: IMPORT_MESSAGES.tooLarge(limits.uploadMaxBytes) });
            saved = { path: target, name, size: fs.statSync(target).size };
          }
        } catch (err) {
          if (err instanceof HttpError) throw err;
          if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, { detail: IMPORT_MESSAGES.tooLarge(limits.uploadMaxBytes) });
          const status = (err as { statusCode?: number }).statusCode;
          if (status && status < 500) throw fieldError("file", IMPORT_MESSAGES.notMultipart);
          throw err;
        }
        const kind = fields.kind?.trim();
        if (!kind) throw fieldError("kind", "This field is required.");
        if (!(IMPORT_KINDS as readonly string[]).includes(kind)) throw fieldError("kind", IMPORT_MESSAGES.kind);
        const state = fields.state?.trim() ? canonicalState(fields.state.slice(0, 100)) : null;
        if (fields.state?.trim() && !state) throw fieldError("state", IMPORT_MESSAGES.state);
        if (!saved || saved.size === 0) throw fieldError("file", IMPORT_MESSAGES.missing);
        const unreadable = await unreadableReason(kind as ImportKind, saved.path, saved.name, limits);
        if (unreadable) throw fieldError("file", unreadable);
        const runId = await jobs.start(
          {
            kind: kind as ImportKind,
            files: [{ path: saved.path, name: saved.name }],
            source: fields.source?.slice(0, 200) || null,
            state,
            dryRun: ["true", "1", "yes", "on"].includes((fields.dry_run ?? "").toLowerCase()),
            userId: auth.user.id,
            actor: auth.user.email,
            ip: request.ip,
            fileSha256: crypto.createHash("sha256").update(fs.readFileSync(saved.path)).digest("hex"),
            limits,
          },
          removeUpload,
        );
        started = true;
        reply.code(202).header("location", `${request.url.replace(/\/?(\?.*)?$/, "")}/${runId}/`);
        return { run_id: runId, status: "running" as const };
      } finally {
        if (!started) removeUpload();
      }
    },
  );

  app.get(
    "/imports/",
    {
      config: staff,
      schema: { tags: ["imports"], summary: "Past imports (staff), newest first", querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) }), response: { 200: RunList, ...errors } },
    },
    async (request) => {
      await failStaleRuns(app.db, jobs.liveRunIds());
      const page = request.query.page ?? 1;
      const { count, rows } = await runsPage(app.db, PAGE_SIZE, page);
      // On PGlite the rows of this process's running jobs hold no progress yet: their memory does.
      const current = (r: RunRow) => {
        const live = app.db.kind === "pglite" && r.status === "running" ? jobs.liveRun(r.id) : undefined;
        return live ? liveRow(live, r.user_email) : r;
      };
      return { count, page, page_size: PAGE_SIZE, results: rows.map((r) => summary(current(r))) };
    },
  );

  app.get(
    "/imports/:id/",
    { config: staff, schema: { tags: ["imports"], summary: "One import (staff): status, progress, its report and rejected rows", params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }), response: { 200: RunDetail, ...errors } } },
    async (request) => {
      // PGlite: a job of this process is answered from its memory, without the database, which
      // the import holds until it ends (its row gets the final state then).
      const live = app.db.kind === "pglite" ? jobs.liveRun(request.params.id) : undefined;
      if (live) return { ...summary(liveRow(live, live.actor)), report: {}, rejects: [] };
      await failStaleRuns(app.db, jobs.liveRunIds());
      const run = await findRun(app.db, request.params.id);
      if (!run) throw notFound(IMPORT_MESSAGES.notFound);
      const rejects = await runRejects(app.db, run.id, REPORT_LIST_CAP);
      return {
        ...summary(run),
        report: parseJson(run.report),
        rejects: rejects.map((r) => ({ file: r.file, row: r.row_number, key: r.item_key, reason: r.reason })),
      };
    },
  );
};

export default importRoutes;
