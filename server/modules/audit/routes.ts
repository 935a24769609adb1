// The audit log for staff (CASL: read AuditLog — refused to subscribers and impersonated sessions).
//   GET /audit-log/?page=&filter=user:ID&filter=action:KIND&filter=created_at:[FROM TO TO]
//     → {count, page, page_size, results, actions}
// Filters use the app's search language (what the web app's data provider sends): `user` matches
// the actor, the account acted on, or the user a staff change was about; `action` is one of `actions` (the allow-list, answered for
// the filter's options; anything else is a 400); `created_at` a range of UTC instants, '*' open.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { fieldError } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { AUDIT_ACTIONS, isAuditAction } from "./actions.js";
import { AUDIT_PAGE_SIZE, listAudit, type AuditFilter } from "./queries.js";

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Person = Nullable(Type.Object({ id: Type.Number(), name: Type.String(), email: Type.String() }));
const AuditRowSchema = Type.Object({
  id: Type.Number(),
  created_at: Type.String({ description: "UTC instant" }),
  action: Type.String(),
  item_type: Nullable(Type.String()),
  item_id: Nullable(Type.Number()),
  ip: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown()),
  actor: Person,
  as_user: Person,
});

const bad = (message: string) => fieldError("filter", message);

function instant(value: string): string | undefined {
  if (value === "*" || value === "") return undefined;
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(d.getTime())) throw bad(`Enter a valid date and time for created_at: '${value}'.`);
  return d.toISOString();
}

/** filter=field:value values → the query's filter; unknown fields, kinds and bad values are 400s. */
export function parseAuditFilters(values: string[]): AuditFilter {
  const f: AuditFilter = {};
  for (const raw of values) {
    const i = raw.indexOf(":");
    const [field, value] = i < 0 ? [raw, ""] : [raw.slice(0, i), raw.slice(i + 1)];
    if (field === "user") {
      if (!/^[1-9]\d{0,15}$/.test(value) || f.userId !== undefined) throw bad("Filter by one user id (user:ID).");
      f.userId = Number(value);
    } else if (field === "action") {
      if (!isAuditAction(value)) throw bad(`Unknown kind '${value}'.`);
      (f.actions ??= []).push(value);
    } else if (field === "created_at") {
      const m = /^\[(.+) TO (.+)\]$/.exec(value);
      if (!m || f.from !== undefined || f.to !== undefined) throw bad("Filter created_at by one range: created_at:[FROM TO TO].");
      f.from = instant(m[1].trim());
      f.to = instant(m[2].trim());
    } else {
      throw bad(`Unknown filter '${field}': use user, action or created_at.`);
    }
  }
  return f;
}

const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/audit-log/",
    {
      config: { access: "user", can: ["read", "AuditLog"] },
      schema: {
        tags: ["audit"],
        summary: "The audit log (staff): newest first, 50 a page; filter by user (actor or account), kind and time",
        querystring: Type.Object({
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
          filter: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 12, description: "Repeated: user:ID, action:KIND, created_at:[FROM TO TO]" })),
        }),
        response: {
          200: Type.Object({
            count: Type.Number(),
            page: Type.Number(),
            page_size: Type.Number(),
            results: Type.Array(AuditRowSchema),
            actions: Type.Array(Type.String(), { description: "The kinds one may filter by" }),
          }),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
        },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const filter = parseAuditFilters(request.query.filter ?? []);
      const { count, results } = await listAudit(app.db, filter, page);
      return { count, page, page_size: AUDIT_PAGE_SIZE, results, actions: [...AUDIT_ACTIONS] };
    },
  );
};

export default auditRoutes;
