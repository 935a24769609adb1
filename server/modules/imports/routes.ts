// Staff imports over HTTP: the same importers as `npm run import`, one file per request.
//   POST /imports/        staff; multipart: kind, file, and optionally source, state, dry_run → the report
//   GET  /imports/        staff; past runs, newest first (?page=)
//   GET  /imports/{id}/   staff; one run: its report and every rejected row (first 1000)
// Uploads are at most 20 MB (larger: 413); bigger files go through the command line, which streams.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import multipart from "@fastify/multipart";
import { Type } from "typebox";
import { HttpError, fieldError, notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { IMPORT_KINDS, type ImportKind } from "../../ingest/importers/model.js";
import { REPORT_LIST_CAP, runImport } from "../../ingest/importers/run.js";

export const MAX_IMPORT_UPLOAD_BYTES = 20 * 1024 * 1024;
export const IMPORT_MESSAGES = {
  notMultipart: "Send the file as multipart/form-data in the field 'file', with the field 'kind'.",
  missing: "No file was submitted.",
  tooLarge: "The file may be at most 20 MB. Import larger files with npm run import on the server.",
  kind: `Must be one of: ${IMPORT_KINDS.join(", ")}.`,
  notFound: "Import not found.",
};
const PAGE_SIZE = 50;

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 413: ErrorResponse };
const staff = { access: "staff" as const };
// The report's shape is documented in FORMATS.md and ImportReport (run.ts); passed through as is.
const Report = Type.Unknown({ description: "The import report: totals, files, rejects, warnings (see ImportReport)" });
const RunList = Type.Object({ count: Type.Number(), page: Type.Number(), page_size: Type.Number(), results: Type.Array(Type.Unknown()) });
const RunDetail = Type.Unknown({ description: "One run: summary, report and rejected rows" });

interface RunRow {
  id: number; kind: string; source: string | null; files: string[]; actor: string | null; user_id: number | null; user_email: string | null;
  dry_run: boolean; status: string; error: string | null; started_at: Date; finished_at: Date | null; report: unknown;
}
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const parseJson = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

function summary(r: RunRow) {
  const report = (parseJson(r.report) ?? {}) as { totals?: unknown; failed_files?: number; rejects_total?: number };
  return {
    id: r.id, kind: r.kind, source: r.source, files: r.files, actor: r.actor, user_id: r.user_id, user_email: r.user_email,
    dry_run: r.dry_run, status: r.status, error: r.error, started_at: iso(r.started_at), finished_at: iso(r.finished_at),
    totals: report.totals ?? null, failed_files: report.failed_files ?? 0, rejects_total: report.rejects_total ?? 0,
  };
}
const RUN_COLUMNS = `r.id, r.kind, r.source, r.files, r.actor, r.user_id, u.email AS user_email, r.dry_run, r.status, r.error,
  r.started_at, r.finished_at, r.report`;

const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Registered in this plugin's own scope (other modules register their own, with other limits).
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_UPLOAD_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1000 } });

  app.post(
    "/imports/",
    { config: staff, schema: { tags: ["imports"], summary: "Import one file (staff): OCDS, GePNIC AOC CSV, our tenders/results CSV/JSON, or the MCA company master (kind mca, CSV/XLSX)", consumes: ["multipart/form-data"], response: { 200: Report, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw fieldError("file", IMPORT_MESSAGES.notMultipart);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "infrascout-import-"));
      try {
        const fields: Record<string, string> = {};
        let saved: { path: string; name: string; size: number } | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === "field") {
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
            if (part.file.truncated) throw new HttpError(413, { detail: IMPORT_MESSAGES.tooLarge });
            saved = { path: target, name, size: fs.statSync(target).size };
          }
        } catch (err) {
          if (err instanceof HttpError) throw err;
          if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, { detail: IMPORT_MESSAGES.tooLarge });
          const status = (err as { statusCode?: number }).statusCode;
          if (status && status < 500) throw fieldError("file", IMPORT_MESSAGES.notMultipart);
          throw err;
        }
        const kind = fields.kind?.trim();
        if (!kind) throw fieldError("kind", "This field is required.");
        if (!(IMPORT_KINDS as readonly string[]).includes(kind)) throw fieldError("kind", IMPORT_MESSAGES.kind);
        if (!saved || saved.size === 0) throw fieldError("file", IMPORT_MESSAGES.missing);
        const report = await runImport(app.db, {
          kind: kind as ImportKind,
          files: [{ path: saved.path, name: saved.name }],
          source: fields.source?.slice(0, 200) || null,
          state: fields.state?.slice(0, 100) || null,
          dryRun: ["true", "1", "yes", "on"].includes((fields.dry_run ?? "").toLowerCase()),
          userId: auth.user.id,
          actor: auth.user.email,
          ip: request.ip,
        });
        const failed = report.files.find((f) => f.error);
        if (failed) throw fieldError("file", `${failed.error} (import #${report.run_id})`);
        return report;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
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
      const page = request.query.page ?? 1;
      const count = (await app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM import_runs")).rows[0].n;
      const { rows } = await app.db.query<RunRow>(
        `SELECT ${RUN_COLUMNS} FROM import_runs r LEFT JOIN users u ON u.id = r.user_id ORDER BY r.id DESC LIMIT $1 OFFSET $2`,
        [PAGE_SIZE, (page - 1) * PAGE_SIZE],
      );
      return { count, page, page_size: PAGE_SIZE, results: rows.map(summary) };
    },
  );

  app.get(
    "/imports/:id/",
    { config: staff, schema: { tags: ["imports"], summary: "One import (staff): its report and rejected rows", params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }), response: { 200: RunDetail, ...errors } } },
    async (request) => {
      const { rows } = await app.db.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM import_runs r LEFT JOIN users u ON u.id = r.user_id WHERE r.id = $1`, [request.params.id]);
      const run = rows[0];
      if (!run) throw notFound(IMPORT_MESSAGES.notFound);
      const rejects = await app.db.query<{ file: string; row_number: number | null; item_key: string | null; reason: string }>(
        "SELECT file, row_number, item_key, reason FROM import_rejects WHERE run_id = $1 ORDER BY id LIMIT $2",
        [run.id, REPORT_LIST_CAP],
      );
      return {
        ...summary(run),
        report: parseJson(run.report),
        rejects: rejects.rows.map((r) => ({ file: r.file, row: r.row_number, key: r.item_key, reason: r.reason })),
      };
    },
  );
};

export default importRoutes;
