// Recently viewed items, per user, for the dashboard. Other modules call recordView when a user
// opens an item's detail; a second view moves the item to the top (viewed_at = now).
import type { Queryable } from "../../db/client.js";

export type ViewedItemType = "project" | "tender" | "result" | "company";

/** Records that userId viewed the item now; answers the recorded instant. */
export async function recordView(db: Queryable, userId: number, itemType: ViewedItemType, itemId: number): Promise<Date> {
  const { rows } = await db.query<{ viewed_at: Date }>(
    `INSERT INTO recently_viewed (user_id, item_type, item_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, item_type, item_id) DO UPDATE SET viewed_at = now()
     RETURNING viewed_at`,
    [userId, itemType, itemId],
  );
  return rows[0].viewed_at;
}

/** The user's most recent views, newest first. */
export async function recentViews(db: Queryable, userId: number, limit = 20): Promise<{ item_type: ViewedItemType; item_id: number; viewed_at: Date }[]> {
  const { rows } = await db.query<{ item_type: ViewedItemType; item_id: number; viewed_at: Date }>(
    `SELECT item_type, item_id, viewed_at FROM recently_viewed WHERE user_id = $1 ORDER BY viewed_at DESC, item_id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}
