// The competitors API area (buildApp registers this plugin under /api): the user's tracked
// competitors and what results data says about them. Shapes: common/companies.ts.
//   GET    /competitors/                  the tracked list with figures, newest tracked first
//   POST   /competitors/  {company_id}    track (201; 200 when already tracked)
//   GET    /competitors/{companyId}/      one company's bidding profile (tracked or not)
//   DELETE /competitors/{companyId}/      stop tracking (204; 404 when not tracked)
//   GET    /competitor_comparison/?days=  tracked competitors side by side (dashboard, /your-competitors)
//   GET    /competitor_lister/?page=      companies bidding on the same tenders as the user's company
// Every row is the session user's own: another user's list is never read or changed.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MAX_TRACKED_COMPETITORS } from "../../../common/companies.js";
import { fieldError, notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { companyExists } from "../companies/queries.js";
import { iso } from "../credits/contacts.js";
import { bidFigures, bidProfile } from "./figures.js";
import { companiesByIds, competitorLister, isTracked, lockUser, track, trackedCompetitors, trackedCount, untrack } from "./queries.js";

const S = Type.String();
const N = Type.Number();
const NS = Type.Union([Type.String(), Type.Null()]);
const NN = Type.Union([Type.Number(), Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

const Company = Type.Object({ id: N, name: S, cin: NS, city: NS, state: NS, company_type: NS });
const statsFields = {
  tenders_bid: N, tenders_won: N, win_rate: NN, l1_count: N, won_value: Type.Number({ description: "Rupees" }),
  typical_discount: Type.Union([Type.Number(), Type.Null()], { description: "Median (estimate − award) / estimate of its wins; 0.08 = 8% below" }),
  last_win_date: NS,
};
const Tracked = Type.Object({ company: Company, tracked_at: S, ...statsFields });
const Breakdown = Type.Array(Type.Object({ text: S, bids: N, wins: N }));
const Profile = Type.Object({
  company: Company, tracked_at: NS, is_tracked: Type.Boolean(), ...statsFields,
  positions: Type.Array(Type.Object({ text: S, count: N })),
  sectors: Breakdown,
  states: Breakdown,
  recent_wins: Type.Array(Type.Object({
    result_id: N, tender_id: N, title: S, org_name: NS, state: NS, category: NS, estimate: NN,
    award_value: Type.Union([N, Type.Null()], { description: "What it won: its own awarded value, else its award's (a joint award's whole value), else the result's" }),
    co_winners: Type.Array(S, { description: "Who won with it: the result's other winners (other lots, its joint award's other suppliers), in published order" }),
    discount: Type.Union([N, Type.Null()], { description: "(estimate − award) / estimate; null unless it won the result alone" }),
    result_date: NS,
  })),
});
const ComparisonRow = Type.Object({ company: Company, tracked_at: S, ...statsFields, top_sectors: Type.Array(S), top_states: Type.Array(S) });
const ListerRow = Type.Object({
  company: Type.Object({ id: N, name: S, cin: NS, city: NS, state: NS }),
  reason: Type.Union([Type.Literal("shared_tenders"), Type.Literal("frequent_winner")]),
  shared_tenders: N, ranked_above_you: N, tenders_bid: N, tenders_won: N, win_rate: NN, is_tracked: Type.Boolean(),
});

export const COMPANY_NOT_FOUND = "Company not found.";
export const NOT_TRACKED = "You do not track this company.";
export const TOO_MANY = `You can track at most ${MAX_TRACKED_COMPETITORS} competitors. Remove one first.`;

const competitorsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/competitors/",
    { schema: { tags: ["competitors"], summary: "Your tracked competitors with their results figures", response: { 200: Type.Object({ results: Type.Array(Tracked) }), ...errors } } },
    async (request) => ({ results: await trackedCompetitors(app.db, requireAuth(request).user.id) }),
  );

  app.post(
    "/competitors/",
    {
      schema: {
        tags: ["competitors"], summary: "Track a company as a competitor",
        body: Type.Object({ company_id: Id }, { additionalProperties: false }),
        response: { 200: Tracked, 201: Tracked, ...errors },
      },
    },
    async (request, reply) => {
      const userId = requireAuth(request).user.id;
      const companyId = request.body.company_id;
      const created = await app.db.transaction(async (tx) => {
        // One user's additions queue here, so the cap holds under a double click.
        if (!(await lockUser(tx, userId))) throw notFound();
        if (!(await companyExists(tx, companyId))) throw notFound(COMPANY_NOT_FOUND);
        if (await isTracked(tx, userId, companyId)) return false;
        if ((await trackedCount(tx, userId)) >= MAX_TRACKED_COMPETITORS) throw fieldError("company_id", TOO_MANY);
        await track(tx, userId, companyId);
        return true;
      });
      const row = (await trackedCompetitors(app.db, userId)).find((r) => r.company.id === companyId)!;
      return reply.code(created ? 201 : 200).send(row);
    },
  );

  app.get(
    "/competitors/:companyId/",
    { schema: { tags: ["competitors"], summary: "A company's bidding profile from results data", params: Type.Object({ companyId: Id }), response: { 200: Profile, ...errors } } },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const id = request.params.companyId;
      const company = (await companiesByIds(app.db, [id])).get(id);
      if (!company) throw notFound(COMPANY_NOT_FOUND);
      const [tracked, figures, profile] = [await isTracked(app.db, userId, id), (await bidFigures(app.db, [id])).get(id)!, await bidProfile(app.db, id)];
      return { company, tracked_at: iso(tracked), is_tracked: tracked !== null, ...figures, ...profile };
    },
  );

  app.delete(
    "/competitors/:companyId/",
    { schema: { tags: ["competitors"], summary: "Stop tracking a competitor", params: Type.Object({ companyId: Id }), response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      const userId = requireAuth(request).user.id;
      if (!(await untrack(app.db, userId, request.params.companyId))) throw notFound(NOT_TRACKED);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/competitor_comparison/",
    {
      schema: {
        tags: ["competitors", "dashboard"],
        summary: "Your tracked competitors side by side; days limits the figures to results of the last N days",
        querystring: Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })) }),
        response: { 200: Type.Object({ days: NN, results: Type.Array(ComparisonRow) }), ...errors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const days = request.query.days ?? null;
      const tracked = await trackedCompetitors(app.db, userId, days);
      const results = [];
      for (const t of tracked) {
        const p = await bidProfile(app.db, t.company.id, days, 0);
        results.push({ ...t, top_sectors: p.sectors.slice(0, 3).map((s) => s.text), top_states: p.states.slice(0, 3).map((s) => s.text) });
      }
      return { days, results };
    },
  );

  app.get(
    "/competitor_lister/",
    {
      schema: {
        tags: ["competitors", "dashboard"],
        summary: "Companies that bid on the same tenders as your company (users.company matched by normalised name), else frequent winners where you work",
        querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) }),
        response: {
          200: Type.Object({
            count: N, page: N, page_size: N,
            your_company: Type.Object({ name: NS, company: Type.Union([Type.Object({ id: N, name: S }), Type.Null()]) }),
            results: Type.Array(ListerRow),
          }),
          ...errors,
        },
      },
    },
    async (request) => competitorLister(app.db, requireAuth(request).user.id, request.query.page ?? 1),
  );
};

export default competitorsRoutes;
