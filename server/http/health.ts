// Probes for load balancers and orchestrators, all public:
//   GET /api/health   liveness: the process answers (no database, so a database outage does not
//                     get every process restarted, which would not bring the database back).
//   GET /api/ready    readiness: the database answers and every search copy is loaded; else 503
//                     with what is not ready, and the process keeps itself out of rotation until
//                     it is (a fresh process loads its copies; one whose database went away
//                     comes back by itself when it returns).
//   GET /api/health/  kept as it was: answers once the database does ({ok, database}).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { searchEnginesOf } from "../search/engines.js";
import { UNAVAILABLE_RETRY_SECONDS } from "./errors.js";

/** How long readiness waits for the database before calling it unavailable. */
const READY_DB_TIMEOUT_MS = 2000;

const CopyStatus = Type.Union([Type.Literal("off"), Type.Literal("loaded"), Type.Literal("text loading"), Type.Literal("loading"), Type.Literal("cold")], {
  description: "off: SEARCH_CACHE=off; loaded; text loading (filters and facets from memory); loading or cold (plain SQL answers)",
});
// The probe is public: a copy's size per row and origin, never its row count (how much data the
// product holds is nobody's business but its own).
const CopyFigures = Type.Object({
  bytes_per_row: Type.Integer({ description: "typed arrays held (columns, positions, sort orders, text postings) per row" }),
  from: Type.Union([Type.Literal("snapshot"), Type.Literal("database")], { description: "read back from its snapshot file, or loaded from the database" }),
  load_ms: Type.Integer(),
});
const Readiness = Type.Object({
  ready: Type.Boolean(),
  database: Type.Union([Type.Literal("up"), Type.Literal("unavailable")]),
  search: Type.Record(Type.String(), CopyStatus, { description: "each search index's in-memory copy" }),
  search_copies: Type.Record(Type.String(), CopyFigures, { description: "the loaded copies: size and where each came from" }),
});
// Its fields are optional: a 503 of the error layer (a token sent while the database is gone
// cannot be checked) is just {detail}, and must still serialize.
const NotReady = Type.Object({
  detail: Type.String(),
  ready: Type.Optional(Readiness.properties.ready),
  database: Type.Optional(Readiness.properties.database),
  search: Type.Optional(Readiness.properties.search),
  search_copies: Type.Optional(Readiness.properties.search_copies),
});

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const open = { access: "public" as const };

  app.get(
    "/health",
    { config: open, schema: { summary: "Liveness: the process answers (the database is not asked)", response: { 200: Type.Object({ status: Type.Literal("ok") }) } } },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/ready",
    {
      config: open,
      schema: { summary: "Readiness: the database answers and the search copies are loaded", response: { 200: Readiness, 503: NotReady } },
    },
    async (_request, reply) => {
      const database: "up" | "unavailable" = (await databaseAnswers()) ? "up" : "unavailable";
      const engines = searchEnginesOf(db);
      // A copy nobody has searched yet starts loading now, so a new process becomes ready.
      if (database === "up") for (const e of engines) if (e.copyStatus() === "cold") void e.warm().catch(() => undefined);
      const search = Object.fromEntries(engines.map((e) => [e.def.name, e.copyStatus()]));
      const search_copies = Object.fromEntries(
        engines.flatMap((e) => {
          const f = e.copyFigures();
          return f ? [[e.def.name, { bytes_per_row: f.bytes_per_row, from: f.from, load_ms: f.load_ms }]] : [];
        }),
      );
      const loading = Object.entries(search).filter(([, s]) => s === "loading" || s === "cold").map(([name]) => name);
      if (database === "up" && !loading.length) return { ready: true, database, search, search_copies };
      const reasons = [database === "up" ? "" : "the database does not answer", loading.length ? `search copies loading: ${loading.join(", ")}` : ""];
      return reply
        .code(503)
        .header("retry-after", String(UNAVAILABLE_RETRY_SECONDS))
        .send({ detail: `Not ready: ${reasons.filter(Boolean).join("; ")}.`, ready: false, database, search, search_copies });
    },
  );

  // The original probe (e2e set-up waits on it). A database outage answers the error layer's 503.
  app.get("/health/", { config: open, schema: { hide: true, response: { 200: Type.Object({ ok: Type.Boolean(), database: Type.String() }) } } }, async () => {
    await db.query("SELECT 1");
    return { ok: true, database: db.kind };
  });

  async function databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_DB_TIMEOUT_MS)));
    try {
      return await Promise.race([db.query("SELECT 1").then(() => true), timeout]);
    } catch {
      return false; // whatever the failure, a database that cannot answer SELECT 1 is not ready
    } finally {
      clearTimeout(timer);
    }
  }
};

export default healthRoutes;
