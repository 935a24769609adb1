// PATCH /work/{id}/ (staff): edit a project's fields. Only the fields sent are changed; each
// save is one transaction that writes the change into project_history ({field: [old, new]})
// with who and when, records a status change as a status update (so subscribers who
// shortlisted the lead see it), and marks the lead reviewed (it leaves the review queue).
// Contacts and documents staff add: detail-edit-contacts.ts, detail-edit-documents.ts. The SQL:
// edit-queries.ts.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { PROJECT_CATEGORIES, PROJECT_STATUSES } from "../../../common/constants.js";
import { fieldError, notFound } from "../../http/errors.js";
import { ErrorResponse, Nullable, WebUrl } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { companyExists } from "../companies/queries.js";
import { findProject, toProjectDetail } from "./detail-queries.js";
import { ProjectFields } from "./detail-schemas.js";
import { addProjectHistory, insertStatusUpdate, lockProjectColumns, updateProjectColumns } from "./edit-queries.js";
import { setChangeSource } from "../changes/source.js";

const text = (max: number) => Nullable(Type.String({ maxLength: max }));
const date = Nullable(Type.String({ format: "date" }));
const companyId = Nullable(Type.Integer({ minimum: 1 }));

export const ProjectPatch = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 300 }),
    description: Type.String({ maxLength: 20_000 }),
    category: Type.String({ enum: [...PROJECT_CATEGORIES] }),
    project_type: Type.Array(Type.String({ minLength: 1, maxLength: 80 }), { maxItems: 20 }),
    sector: text(120),
    ownership: Nullable(Type.String({ enum: ["private", "public", "ppp"] })),
    status: Nullable(Type.String({ enum: [...PROJECT_STATUSES] })),
    stage: text(120),
    value: Nullable(Type.Number({ minimum: 0, maximum: 1e15 })),
    area_sq_ft: Nullable(Type.Number({ minimum: 0, maximum: 1e12 })),
    state: text(80),
    district: text(80),
    city: text(80),
    address: text(500),
    pincode: Nullable(Type.String({ pattern: "^[1-9][0-9]{5}$" })),
    owner_name: text(200),
    owner_company_id: companyId,
    architect_company_id: companyId,
    contractor_company_id: companyId,
    start_date: date,
    completion_date: date,
    source: text(120),
    source_url: Nullable(WebUrl()),
  },
  { additionalProperties: false },
);
type Patch = Partial<Record<keyof typeof ProjectPatch.properties, unknown>>;

// Column names come from the schema's fixed keys, never from the request.
const COLUMNS = Object.keys(ProjectPatch.properties) as (keyof typeof ProjectPatch.properties)[];
const COMPANY_FIELDS = ["owner_company_id", "architect_company_id", "contractor_company_id"] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const editRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.patch(
    "/work/:id/",
    {
      config: { access: "staff" },
      schema: {
        tags: ["projects"],
        summary: "Staff: edit a project's fields (history kept, status changes published)",
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
        body: Type.Partial(ProjectPatch, { additionalProperties: false }),
        response: {
          200: Type.Object({ changed: Type.Array(Type.String()), project: ProjectFields }),
          400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = request.params.id;
      const body = request.body as Patch;
      const start = (body.start_date ?? undefined) as string | undefined;
      const end = (body.completion_date ?? undefined) as string | undefined;

      const changed = await app.db.transaction(async (tx) => {
        await setChangeSource(tx, { kind: "staff", userId: auth.user.id }); // what this save changes says who made it
        const before = await lockProjectColumns(tx, id, COLUMNS);
        if (!before) throw notFound("Project not found.");
        if (start && end && start > end) throw fieldError("completion_date", "Must not be before the start date.");
        if (start && !end && before.completion_date && start > String(before.completion_date)) throw fieldError("start_date", "Must not be after the completion date.");
        for (const f of COMPANY_FIELDS) {
          const cid = body[f];
          if (typeof cid === "number" && !(await companyExists(tx, cid))) {
            throw fieldError(f, "Company not found.");
          }
        }
        const changes: Record<string, [unknown, unknown]> = {};
        for (const f of COLUMNS) {
          if (f in body && !same(before[f], body[f])) changes[f] = [before[f] ?? null, body[f] ?? null];
        }
        const fields = Object.keys(changes);
        if (fields.length === 0) return fields;
        await updateProjectColumns(tx, id, changes);
        await addProjectHistory(tx, id, auth.user.id, changes);
        if (changes.status && changes.status[1]) {
          await insertStatusUpdate(tx, { projectId: id, oldStatus: changes.status[0], newStatus: changes.status[1], note: "Status changed by the research team", userId: auth.user.id });
        }
        await auditAs(request, "project.edit", { itemType: "project", itemId: id, details: { fields } }, tx);
        return fields;
      });
      const project = await findProject(app.db, id);
      return { changed, project: toProjectDetail(project!) };
    },
  );
};

export default editRoutes;
