// One export request of any lister (list/search/export/, list/tenders/search/export/): the
// per-minute limit, the row cap, the 24-hour allowance shared by every lister (reserved in one
// transaction per user, recorded in `exports` and the audit log), then the rows streamed as CSV
// or XLSX in chunks read ahead while the current one is written.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AuthContext } from "../plugins/authenticate.js";
import { audit } from "../modules/audit/log.js";
import { HttpError, tooManyRequests } from "../http/errors.js";
import type { SearchEngine } from "./engine.js";
import { EXPORT_CONTENT_TYPES, exportStream, type ExportFormat } from "./export.js";
import { fetchRows } from "./sql.js";
import type { SearchQuery, Searcher } from "./types.js";

/** Export caps: rows per request, rows per user per 24 hours (all listers together), exports per user per minute. */
export const exportLimits = { maxRows: 10_000, dailyRows: 50_000, perMinute: 10 };
const EXPORT_LOCK = 7_310_003;
const CHUNK = 2000;

export interface ExportRequest {
  engine: SearchEngine;
  query: SearchQuery;
  searcher: Searcher;
  auth: AuthContext;
  format: ExportFormat;
  /** Recorded in exports.lister and the audit log: 'search', 'tenders', … */
  lister: string;
  /** The download's name before the date: 'infrascout-leads' → infrascout-leads-2024-01-31.csv */
  fileStem: string;
}

export async function sendExport(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, x: ExportRequest) {
  const { auth, engine, format } = x;
  const limit = await app.limiter.hit(`export:user:${auth.user.id}`, exportLimits.perMinute, 60);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);

  const { count, ids } = await engine.orderedIds(x.query, x.searcher, 0, exportLimits.maxRows);
  const queryText = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1).slice(0, 4000) : "";
  // Reserve the rows against the daily allowance, one export of a user at a time.
  await app.db.transaction(async (tx) => {
    // Keyed by schema as well: two deployments (or test files) sharing one server never wait on each other.
    await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext(current_schema() || ':' || $2::text))`, [EXPORT_LOCK, auth.user.id]);
    const used = await tx.query<{ n: number }>(
      `SELECT coalesce(sum(row_count), 0)::int AS n FROM exports WHERE user_id = $1 AND created_at > now() - interval '24 hours'`,
      [auth.user.id],
    );
    const left = Math.max(0, exportLimits.dailyRows - used.rows[0].n);
    if (ids.length > left) {
      throw new HttpError(429, {
        detail:
          `Export limit reached: ${exportLimits.dailyRows.toLocaleString("en-IN")} rows per 24 hours. ` +
          `${left.toLocaleString("en-IN")} row${left === 1 ? "" : "s"} left; this export has ${ids.length.toLocaleString("en-IN")}. Narrow the search or try later.`,
      });
    }
    await tx.query(`INSERT INTO exports (user_id, lister, format, query, row_count) VALUES ($1, $2, $3, $4, $5)`, [auth.user.id, x.lister, format, queryText, ids.length]);
    await audit(tx, {
      actorId: auth.impersonatorId ?? auth.user.id,
      asUserId: auth.user.id,
      action: "export",
      details: { lister: x.lister, format, rows: ids.length, matched: count, query: queryText },
      ip: request.ip,
    });
  });

  // Rows by id in chunks, the next one read while the current one is written.
  async function* chunks() {
    const mark = engine.def.exportColumns.some((c) => c.key === "mark");
    const read = (i: number) => fetchRows(app.db, engine.def, ids.slice(i, i + CHUNK), x.searcher, { mark });
    let next = ids.length ? read(0) : null;
    for (let i = 0; next; i += CHUNK) {
      const rows = await next;
      next = i + CHUNK < ids.length ? read(i + CHUNK) : null;
      next?.catch(() => undefined); // surfaced when awaited
      yield rows;
    }
  }
  const stamp = new Date().toISOString().slice(0, 10);
  const body = exportStream(format, engine.def.exportColumns, chunks(), (err) => request.log.error({ err }, "export failed"));
  return reply
    .header("content-type", EXPORT_CONTENT_TYPES[format])
    .header("content-disposition", `attachment; filename="${x.fileStem}-${stamp}.${format}"`)
    .header("x-total-count", String(count))
    .header("x-export-rows", String(ids.length))
    .header("cache-control", "no-store")
    .send(body as never);
}
