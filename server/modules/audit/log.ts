// The audit log: who did what, as whom. Staff acting as a subscriber appear as actor, with the
// subscriber as as_user.
import type { Queryable } from "../../db/client.js";

export interface AuditEntry {
  actorId: number | null;
  /** On whose account; omitted means the actor's own, null means none (e.g. a user that does not exist). */
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
    [e.actorId, e.asUserId === undefined ? e.actorId : e.asUserId, e.action, e.itemType ?? null, e.itemId ?? null, JSON.stringify(e.details ?? {}), e.ip ?? null],
  );
}

/** The caller as the audit log sees it: the session's auth context and address. */
interface AuditRequest {
  auth: { user: { id: number }; impersonatorId: number | null } | null;
  ip: string;
  server: { db: Queryable };
}

/**
 * Records what the caller did, as whom: actor = the staff member when impersonating (else the
 * user), as_user = the account the session acts for. Pass `db` to write inside a transaction.
 */
export async function auditAs(
  request: AuditRequest,
  action: string,
  item: { itemType?: string; itemId?: number; details?: Record<string, unknown> } = {},
  db: Queryable = request.server.db,
): Promise<void> {
  const auth = request.auth;
  await audit(db, {
    actorId: auth ? (auth.impersonatorId ?? auth.user.id) : null,
    asUserId: auth ? auth.user.id : null,
    action,
    ...item,
    ip: request.ip,
  });
}
