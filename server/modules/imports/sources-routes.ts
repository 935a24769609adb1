// GET /imports/sources/ (staff): each import source — kind and source label — with its last
// import, last successful import, what it wrote, the changes its imports found, its failures and
// whether it is stale, stalest first (issue 19, point 5; common/import-sources.ts says when a
// source is stale and why). The staff Sources page (src/pages/sources) reads it.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ErrorResponse, Nullable } from "../../http/schemas.js";
import { importSources } from "./sources-queries.js";

const Count = Type.Integer({ minimum: 0 });
const Instant = Type.String({ format: "date-time", description: "UTC" });
const SourceSchema = Type.Object({
  kind: Type.String({ description: "The import kind: ocds | gepnic | tenders-csv | tenders-json | results-csv | results-json | mca" }),
  source: Nullable(Type.String({ description: "The label the runs were given (--source, the upload's Source); null for none" })),
  unit: Type.Union([Type.Literal("tender"), Type.Literal("result"), Type.Literal("company")], { description: "What its runs write" }),
  runs: Count,
  last_run_at: Type.String({ format: "date-time", description: "When the latest import started (UTC)" }),
  last_run_status: Type.Union([Type.Literal("running"), Type.Literal("done"), Type.Literal("failed")]),
  last_success_at: Nullable(Instant),
  items_created: Count,
  items_updated: Count,
  changes_found: Type.Integer({ minimum: 0, description: "Change sets found by its imports (one per changed item per import)" }),
  failed_runs: Count,
  rejected_rows: Count,
  failed_files: Type.Integer({ minimum: 0, description: "Files of successful imports that could not be read" }),
  stale_after_days: Type.Integer({ minimum: 1, description: "Stale after this many days without a successful import" }),
  stale: Type.Boolean(),
});
const SourceList = Type.Object({ count: Count, stale_count: Count, results: Type.Array(SourceSchema) });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse };

const importSourcesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/imports/sources/",
    {
      config: { access: "staff", can: ["read", "Import"] },
      schema: {
        tags: ["imports"],
        summary: "Import sources (staff): last import, last success, items written, changes found, failures and staleness, stalest first",
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: SourceList, ...errors },
      },
    },
    async () => importSources(app.db),
  );
};

export default importSourcesRoutes;
