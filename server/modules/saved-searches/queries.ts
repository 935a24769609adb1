// A user's quick searches (saved_searches). Every query is scoped by user_id.
import type { Queryable } from "../../db/client.js";
import { findLister } from "./listers.js";

export const MAX_SAVED_SEARCHES = 200;

export interface SavedSearch {
  id: number;
  name: string;
  resource: string;
  /** The lister's label, e.g. 'Construction Projects'. */
  resource_label: string;
  query: string;
  /** The page to open: resource + '?' + query. */
  url: string;
  alert: { id: number; frequency: "daily" | "weekly"; enabled: boolean } | null;
  created_at: string;
  updated_at: string;
}

interface Row {
  id: number;
  name: string;
  resource: string;
  query: string;
  created_at: Date;
  updated_at: Date;
  alert_id: number | null;
  alert_frequency: "daily" | "weekly" | null;
  alert_enabled: boolean | null;
}

const SELECT = `SELECT s.id, s.name, s.resource, s.query, s.created_at, s.updated_at,
                       c.id AS alert_id, c.frequency AS alert_frequency, c.enabled AS alert_enabled
                  FROM saved_searches s LEFT JOIN email_alert_configs c ON c.saved_search_id = s.id AND c.user_id = s.user_id`;

function toSavedSearch(r: Row): SavedSearch {
  return {
    id: r.id,
    name: r.name,
    resource: r.resource,
    resource_label: findLister(r.resource)?.label ?? r.resource,
    query: r.query,
    url: r.query ? `${r.resource}?${r.query}` : r.resource,
    alert: r.alert_id === null ? null : { id: r.alert_id, frequency: r.alert_frequency!, enabled: r.alert_enabled! },
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

export async function listSavedSearches(db: Queryable, userId: number): Promise<SavedSearch[]> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE s.user_id = $1 ORDER BY lower(s.name), s.id`, [userId]);
  return rows.map(toSavedSearch);
}

export async function getSavedSearch(db: Queryable, userId: number, id: number): Promise<SavedSearch | undefined> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE s.id = $1 AND s.user_id = $2`, [id, userId]);
  return rows[0] && toSavedSearch(rows[0]);
}

export async function countSavedSearches(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM saved_searches WHERE user_id = $1`, [userId]);
  return rows[0].n;
}

/** Whether the user has another quick search of this name (any case). */
export async function nameTaken(db: Queryable, userId: number, name: string, exceptId?: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM saved_searches WHERE user_id = $1 AND lower(name) = lower($2) AND id <> coalesce($3::bigint, 0)`, [userId, name, exceptId ?? null]);
  return rows.length > 0;
}

export async function insertSavedSearch(db: Queryable, userId: number, s: { name: string; resource: string; query: string }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO saved_searches (user_id, name, resource, query) VALUES ($1, $2, $3, $4) RETURNING id`,
    [userId, s.name, s.resource, s.query],
  );
  return rows[0].id;
}

export async function updateSavedSearch(db: Queryable, userId: number, id: number, s: { name?: string; resource?: string; query?: string }): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE saved_searches SET name = coalesce($3, name), resource = coalesce($4, resource), query = coalesce($5, query), updated_at = now()
      WHERE id = $1 AND user_id = $2`,
    [id, userId, s.name ?? null, s.resource ?? null, s.query ?? null],
  );
  return rowCount > 0;
}

export async function deleteSavedSearch(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM saved_searches WHERE id = $1 AND user_id = $2`, [id, userId]);
  return rowCount > 0;
}

/** A saved search of the user, raw (for the digest). */
export async function findSavedSearchRow(db: Queryable, userId: number, id: number): Promise<{ id: number; name: string; resource: string; query: string } | undefined> {
  const { rows } = await db.query<{ id: number; name: string; resource: string; query: string }>(
    `SELECT id, name, resource, query FROM saved_searches WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rows[0];
}
