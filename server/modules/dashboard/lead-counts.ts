// Lead counts that must equal what a linked lister shows, so they are asked of the search
// engine itself (server/search): the same filters, the same hidden (rejected) leads. Per-day
// series use the search module's own WHERE clause, so their days add up to the engine's total.
import type { CategoryCount, LeadCountSeries, LeadDateField, UnderConstructionStat } from "../../../common/dashboard.js";
import { UNDER_CONSTRUCTION } from "../../../common/dashboard.js";
import type { Db } from "../../db/client.js";
import { notFound } from "../../http/errors.js";
import { parseSearchParams, searchEngine, type SearchQuery } from "../../search/index.js";
import { projectsIndex } from "../../search/indexes/projects.js";
import { Params, whereSql } from "../../search/sql.js";
import { feedConditions, feedPreferencesOf, type FeedPreferences } from "../projects/feed.js";
import { findUserRow } from "../users/queries.js";
import { daysOf, type DayWindow } from "./params.js";

/** The lead listers' query for these `filter` values (what a dashboard link puts in the URL). */
export function leadQuery(filters: string[]): SearchQuery {
  return parseSearchParams(projectsIndex, { filter: filters }, { defaultSort: projectsIndex.defaultSort });
}

export const dateRangeFilter = (field: LeadDateField, w: { gte: string; lte: string }) => `${field}:[${w.gte} TO ${w.lte}]`;

/** The user's feed preferences, as list/my-feed/ applies them. */
export async function feedPreferences(db: Db, userId: number): Promise<FeedPreferences> {
  const row = await findUserRow(db, userId);
  if (!row) throw notFound();
  return feedPreferencesOf(row);
}

async function count(db: Db, q: SearchQuery, userId: number): Promise<number> {
  return (await searchEngine(db, projectsIndex).orderedIds(q, { userId }, 0, 0)).count;
}

/** New leads for the user's preferences per day of a window: list/my-feed/ with a date range. */
export async function feedSeries(db: Db, userId: number, field: LeadDateField, w: DayWindow): Promise<LeadCountSeries> {
  const prefs = await feedPreferences(db, userId);
  const q: SearchQuery = { ...leadQuery([dateRangeFilter(field, w)]), base: feedConditions(prefs) };
  const col = projectsIndex.fields[field];
  const day = col.kind === "date" ? `to_char(t.${col.column}, 'YYYY-MM-DD')` : `to_char(t.${col.column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const p = new Params();
  const where = whereSql(projectsIndex, q, { userId }, p);
  const [total, perDay] = await Promise.all([
    count(db, q, userId),
    db.query<{ day: string; n: number }>(`SELECT ${day} AS day, count(*)::int AS n FROM projects t WHERE ${where} GROUP BY 1`, p.values),
  ]);
  const byDay = new Map(perDay.rows.map((r) => [r.day, Number(r.n)]));
  return { date_field: field, date_gte: w.gte, date_lte: w.lte, total, days: daysOf(w).map((date) => ({ date, count: byDay.get(date) ?? 0 })) };
}

/** The feed's count for a window (the previous period of proj_cnt_stats/). */
export async function feedTotal(db: Db, userId: number, field: LeadDateField, w: DayWindow): Promise<number> {
  const prefs = await feedPreferences(db, userId);
  return count(db, { ...leadQuery([dateRangeFilter(field, w)]), base: feedConditions(prefs) }, userId);
}

/** Leads under construction as the construction and industrial listers count them, by state; and the user's shortlisted ones. */
export async function underConstruction(db: Db, userId: number): Promise<UnderConstructionStat> {
  const status = `status:"${UNDER_CONSTRUCTION}"`;
  const engine = searchEngine(db, projectsIndex);
  // A facet pass per lister: its state facet is counted with the status and category filters,
  // its category facet (counted without its own filter) gives both listers' totals.
  const [cons, ind] = await Promise.all(CATEGORIES.map((c) => engine.facets(leadQuery([status, `category:${c}`]), { userId })));
  const totals = new Map((cons.category ?? []).map((o) => [o.text, o.count]));
  const states = new Map<string, CategoryCount>();
  for (const [c, facets] of [["construction", cons], ["industrial", ind]] as const) {
    for (const o of facets.state ?? []) {
      let row = states.get(o.text);
      if (!row) states.set(o.text, (row = { count: 0, construction: 0, industrial: 0 }));
      row[c] += o.count;
      row.count += o.count;
    }
  }
  const [sc, si] = await Promise.all(CATEGORIES.map((c) => count(db, leadQuery([status, "mark:shortlisted", `category:${c}`]), userId)));
  const construction = totals.get("construction") ?? 0;
  const industrial = totals.get("industrial") ?? 0;
  return {
    count: construction + industrial,
    construction,
    industrial,
    shortlisted: { count: sc + si, construction: sc, industrial: si },
    by_state: [...states]
      .map(([state, c]) => ({ state, ...c }))
      .sort((a, b) => b.count - a.count || (a.state < b.state ? -1 : 1))
      .slice(0, 8),
  };
}

const CATEGORIES = ["construction", "industrial"] as const;
