// Credits, the staff's side: the queue of wrong-contact reports and deciding them (an accepted
// report marks the contact wrong and refunds the reporter's unlock once: unlock.ts).
//   GET  /credits/reports/?status=&page=   staff: the report queue, oldest first
//   POST /credits/reports/{id}/resolve/    staff: {accepted, note?} → {report, refunded}
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { PAGE_SIZE, reportQueue } from "./queries.js";
import { Id, Page, ReportSchema, errors, nullableString, toReport } from "./schemas.js";
import { resolveReport } from "./unlock.js";

const StaffReport = Type.Intersect([
  ReportSchema,
  Type.Object({
    user: Type.Object({ id: Type.Number(), email: Type.String(), name: Type.String() }),
    contact: Type.Object({ id: Type.Number(), name: Type.String(), phone: nullableString, email: nullableString, is_wrong: Type.Boolean() }),
    credits: Type.Union([Type.Number(), Type.Null()], { description: "What the reporter paid for the contact, if they unlocked it" }),
  }),
]);

const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/credits/reports/",
    {
      config: { access: "staff" },
      schema: {
        tags: ["credits"],
        querystring: Type.Object({
          status: Type.Optional(Type.Enum(["open", "accepted", "rejected", "all"], { default: "open" })),
          page: Page,
        }),
        response: { 200: Type.Object({ count: Type.Number(), page: Type.Number(), page_size: Type.Number(), results: Type.Array(StaffReport) }), ...errors },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const { count, rows } = await reportQueue(app.db, request.query.status ?? "open", page);
      return {
        count,
        page,
        page_size: PAGE_SIZE,
        results: rows.map((r) => ({
          ...toReport(r),
          user: { id: r.user_id, email: r.u_email, name: r.u_name },
          contact: { id: r.contact_id, name: r.c_name, phone: r.c_phone, email: r.c_email, is_wrong: r.c_is_wrong },
          credits: r.credits,
        })),
      };
    },
  );

  app.post(
    "/credits/reports/:id/resolve/",
    {
      config: { access: "staff" },
      schema: {
        tags: ["credits"],
        params: Type.Object({ id: Id }),
        body: Type.Object({ accepted: Type.Boolean(), note: Type.Optional(Type.String({ maxLength: 1000 })) }, { additionalProperties: false }),
        response: { 200: Type.Object({ report: ReportSchema, refunded: Type.Number({ description: "Credits given back by this call" }) }), ...errors },
      },
    },
    async (request) => {
      const { report, refunded } = await resolveReport(request, request.params.id, request.body.accepted, request.body.note?.trim() || null);
      return { report: toReport(report), refunded };
    },
  );
};

export default reportRoutes;
