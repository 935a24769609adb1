// Quick searches: a lister's query saved under a name (issue 6). A user only reaches their own.
//   GET    /saved-search/        → {count, results: [SavedSearch]} (by name)
//   GET    /saved-search/listers/ → {results: [{route, label}]}: the pages a search can be saved from
//   POST   /saved-search/        {name (1–80, unique per user, any case), resource (a lister route),
//                                 query (the page URL's query string)} → 201 SavedSearch
//   GET    /saved-search/{id}/   → SavedSearch
//   PATCH  /saved-search/{id}/   {name?, resource?, query?} → SavedSearch
//   DELETE /saved-search/{id}/   → 204 (its e-mail alert goes with it)
// The query is checked with the lister's own parser, so a saved search always runs.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { fieldError, notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { LISTERS, LISTER_ROUTES, MAX_QUERY_LENGTH, findLister, parseSavedQuery } from "./listers.js";
import {
  MAX_SAVED_SEARCHES,
  countSavedSearches,
  deleteSavedSearch,
  getSavedSearch,
  insertSavedSearch,
  listSavedSearches,
  nameTaken,
  updateSavedSearch,
} from "./queries.js";

export const SavedSearchSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  resource: Type.String({ description: "The lister's web route, e.g. /private-construction-leads" }),
  resource_label: Type.String({ description: "The lister's title, e.g. Construction Projects" }),
  query: Type.String({ description: "The page URL's query string, without '?'" }),
  url: Type.String({ description: "The page to open: resource?query" }),
  alert: Type.Union([
    Type.Object({ id: Type.Number(), frequency: Type.Union([Type.Literal("daily"), Type.Literal("weekly")]), enabled: Type.Boolean() }),
    Type.Null(),
  ]),
  created_at: Type.String(),
  updated_at: Type.String(),
});
const SavedSearchList = Type.Object({ count: Type.Number(), results: Type.Array(SavedSearchSchema) });
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) });
const Name = Type.String({ minLength: 1, maxLength: 80 });
const Resource = Type.String({ enum: LISTER_ROUTES, description: `One of: ${LISTER_ROUTES.join(", ")}` });
const Query = Type.String({ maxLength: MAX_QUERY_LENGTH });
const CreateBody = Type.Object({ name: Name, resource: Resource, query: Query }, { additionalProperties: false });
const PatchBody = Type.Object(
  { name: Type.Optional(Name), resource: Type.Optional(Resource), query: Type.Optional(Query) },
  { additionalProperties: false, minProperties: 1 },
);
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

const cleanName = (name: string) => {
  const n = name.replace(/\s+/g, " ").trim();
  if (!n) throw fieldError("name", "This field may not be blank.");
  return n;
};
const cleanQuery = (query: string) => query.trim().replace(/^\?/, "");
const duplicate = (name: string) => fieldError("name", `You already have a quick search named '${name}'.`);
const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === "23505";

const savedSearchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tags = ["quick searches"];

  app.get(
    "/saved-search/",
    { config: { can: ["read", "SavedSearch"] }, schema: { tags, summary: "The user's quick searches", response: { 200: SavedSearchList, ...errors } } },
    async (request) => {
      const results = await listSavedSearches(db, requireAuth(request).user.id);
      return { count: results.length, results };
    },
  );

  // Static before parametric: the web app asks once which listers offer 'Save search'.
  app.get(
    "/saved-search/listers/",
    {
      config: { can: ["read", "SavedSearch"] },
      schema: { tags, summary: "The listers a quick search can be saved from", response: { 200: Type.Object({ results: Type.Array(Type.Object({ route: Type.String(), label: Type.String() })) }), ...errors } },
    },
    async () => ({ results: LISTERS.map((l) => ({ route: l.route, label: l.label })) }),
  );

  app.post(
    "/saved-search/",
    { config: { can: ["create", "SavedSearch"] }, schema: { tags, summary: "Save a lister's query under a name", body: CreateBody, response: { 201: SavedSearchSchema, ...errors } } },
    async (request, reply) => {
      const userId = requireAuth(request).user.id;
      const name = cleanName(request.body.name);
      const query = cleanQuery(request.body.query);
      parseSavedQuery(findLister(request.body.resource)!, query);
      if (await nameTaken(db, userId, name)) throw duplicate(name);
      if ((await countSavedSearches(db, userId)) >= MAX_SAVED_SEARCHES) {
        throw fieldError("non_field_errors", `You have ${MAX_SAVED_SEARCHES} quick searches. Delete some first.`);
      }
      let id: number;
      try {
        id = await insertSavedSearch(db, userId, { name, resource: request.body.resource, query });
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate(name); // a concurrent save of the same name
        throw err;
      }
      return reply.code(201).send((await getSavedSearch(db, userId, id))!);
    },
  );

  app.get(
    "/saved-search/:id/",
    { config: { can: ["read", "SavedSearch"] }, schema: { tags, summary: "One quick search", params: IdParams, response: { 200: SavedSearchSchema, ...errors } } },
    async (request) => {
      const s = await getSavedSearch(db, requireAuth(request).user.id, request.params.id);
      if (!s) throw notFound();
      return s;
    },
  );

  app.patch(
    "/saved-search/:id/",
    { config: { can: ["update", "SavedSearch"] }, schema: { tags, summary: "Rename a quick search or change its query", params: IdParams, body: PatchBody, response: { 200: SavedSearchSchema, ...errors } } },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const id = request.params.id;
      const current = await getSavedSearch(db, userId, id);
      if (!current) throw notFound();
      const b = request.body;
      const name = b.name === undefined ? undefined : cleanName(b.name);
      const query = b.query === undefined ? undefined : cleanQuery(b.query);
      // A new lister or query must run; a rename alone leaves them as they are.
      if (b.resource !== undefined || query !== undefined) {
        const lister = findLister(b.resource ?? current.resource);
        if (!lister) throw fieldError("resource", `Must be one of: ${LISTER_ROUTES.join(", ")}.`);
        parseSavedQuery(lister, query ?? current.query);
      }
      if (name !== undefined && (await nameTaken(db, userId, name, id))) throw duplicate(name);
      try {
        if (!(await updateSavedSearch(db, userId, id, { name, resource: b.resource, query }))) throw notFound();
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate(name ?? current.name);
        throw err;
      }
      return (await getSavedSearch(db, userId, id))!;
    },
  );

  app.delete(
    "/saved-search/:id/",
    { config: { can: ["delete", "SavedSearch"] }, schema: { tags, summary: "Delete a quick search (and its e-mail alert)", params: IdParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      if (!(await deleteSavedSearch(db, requireAuth(request).user.id, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};

export default savedSearchRoutes;
