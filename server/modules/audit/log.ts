// The audit log: who did what, as whom. Staff acting as a subscriber appear as actor, with the
// subscriber as as_user.
import type { Queryable } from "../../db/client.js";

export interface AuditEntry {
  actorId: number | null;
  asUserId?: number | null;
  action: string;
  itemType?: string;
  itemId?: number;
  details?: Record<string, unknown>;
  ip?: string;
}

export async function audit(db: Queryable, e: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_id, as_user_id, action, item_type, item_id, details, ip) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [e.actorId, e.asUserId ?? e.actorId, e.action, e.itemType ?? null, e.itemId ?? null, JSON.stringify(e.details ?? {}), e.ip ?? null],
  );
}
