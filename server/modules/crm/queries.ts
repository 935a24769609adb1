// The SQL of CRM connections, the records they hold and the sends (migration 034). Every read by
// a team's id keeps to that team: another team's connections and sends are simply not found.
import type { CrmItemType, CrmMapping, CrmRecordLink, CrmSendStatus, CrmVendor } from "../../../common/crm.js";
import type { Queryable } from "../../db/client.js";

export interface ConnectionRow {
  id: number;
  team_id: number;
  vendor: CrmVendor;
  secrets_enc: string;
  secret_hint: string;
  client_id: string | null;
  data_centre: string | null;
  account: Record<string, unknown>;
  field_map: CrmMapping;
  auto_on_shortlist: boolean;
  needs_reauth: boolean;
  last_error: string | null;
  last_error_at: Date | null;
  connected_at: Date;
  connected_by_name: string | null;
}

const CONNECTION_COLUMNS = `c.id, c.team_id, c.vendor, c.secrets_enc, c.secret_hint, c.client_id, c.data_centre, c.account, c.field_map, c.auto_on_shortlist,
  c.needs_reauth, c.last_error, c.last_error_at, c.connected_at, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS connected_by_name`;

export async function teamConnections(db: Queryable, teamId: number): Promise<ConnectionRow[]> {
  const { rows } = await db.query<ConnectionRow>(`SELECT ${CONNECTION_COLUMNS} FROM crm_connections c LEFT JOIN users u ON u.id = c.connected_by WHERE c.team_id = $1 ORDER BY c.vendor`, [teamId]);
  return rows;
}

export async function findConnection(db: Queryable, teamId: number, vendor: CrmVendor): Promise<ConnectionRow | undefined> {
  const { rows } = await db.query<ConnectionRow>(`SELECT ${CONNECTION_COLUMNS} FROM crm_connections c LEFT JOIN users u ON u.id = c.connected_by WHERE c.team_id = $1 AND c.vendor = $2`, [teamId, vendor]);
  return rows[0];
}

export async function connectionById(db: Queryable, id: number): Promise<ConnectionRow | undefined> {
  const { rows } = await db.query<ConnectionRow>(`SELECT ${CONNECTION_COLUMNS} FROM crm_connections c LEFT JOIN users u ON u.id = c.connected_by WHERE c.id = $1`, [id]);
  return rows[0];
}

/** Connects or updates the team's account with the vendor (one per vendor); answers whether it was new. */
export async function upsertConnection(
  tx: Queryable,
  c: { teamId: number; vendor: CrmVendor; secretsEnc: string | null; secretHint: string | null; clientId: string | null; dataCentre: string | null; mapping: CrmMapping; autoOnShortlist: boolean; userId: number },
): Promise<boolean> {
  if (c.secretsEnc === null) {
    // settings only (the credentials stay): an existing connection, which the caller checked
    await tx.query(
      `UPDATE crm_connections SET client_id = $3, data_centre = $4, field_map = $5::jsonb, auto_on_shortlist = $6, updated_at = now() WHERE team_id = $1 AND vendor = $2`,
      [c.teamId, c.vendor, c.clientId, c.dataCentre, JSON.stringify(c.mapping), c.autoOnShortlist],
    );
    return false;
  }
  const { rows } = await tx.query<{ inserted: boolean }>(
    `INSERT INTO crm_connections AS c (team_id, vendor, secrets_enc, secret_hint, client_id, data_centre, field_map, auto_on_shortlist, connected_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)
     ON CONFLICT (team_id, vendor) DO UPDATE SET
       secrets_enc = coalesce(EXCLUDED.secrets_enc, c.secrets_enc),
       secret_hint = coalesce(EXCLUDED.secret_hint, c.secret_hint),
       client_id = EXCLUDED.client_id, data_centre = EXCLUDED.data_centre, field_map = EXCLUDED.field_map,
       auto_on_shortlist = EXCLUDED.auto_on_shortlist,
       -- new credentials: whatever was refused before is forgotten
       needs_reauth = CASE WHEN EXCLUDED.secrets_enc IS NULL THEN c.needs_reauth ELSE false END,
       last_error = CASE WHEN EXCLUDED.secrets_enc IS NULL THEN c.last_error ELSE NULL END,
       last_error_at = CASE WHEN EXCLUDED.secrets_enc IS NULL THEN c.last_error_at ELSE NULL END,
       updated_at = now()
     RETURNING (xmax = 0) AS inserted`,
    [c.teamId, c.vendor, c.secretsEnc, c.secretHint, c.clientId, c.dataCentre, JSON.stringify(c.mapping), c.autoOnShortlist, c.userId],
  );
  return rows[0].inserted;
}

export async function deleteConnection(tx: Queryable, teamId: number, vendor: CrmVendor): Promise<boolean> {
  const { rowCount } = await tx.query(`DELETE FROM crm_connections WHERE team_id = $1 AND vendor = $2`, [teamId, vendor]);
  return rowCount === 1;
}

export async function saveSecrets(db: Queryable, id: number, secretsEnc: string): Promise<void> {
  await db.query(`UPDATE crm_connections SET secrets_enc = $2 WHERE id = $1`, [id, secretsEnc]);
}

export async function saveAccount(db: Queryable, id: number, account: Record<string, unknown>): Promise<void> {
  await db.query(`UPDATE crm_connections SET account = $2::jsonb WHERE id = $1`, [id, JSON.stringify(account)]);
}

/** Records how the vendor last answered: an error (and whether new credentials are needed), or none. */
export async function setConnectionError(db: Queryable, id: number, error: string | null, needsReauth = false): Promise<void> {
  await db.query(
    `UPDATE crm_connections SET last_error = $2, last_error_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END, needs_reauth = $3 WHERE id = $1`,
    [id, error, needsReauth],
  );
}

export async function knownRecords(db: Queryable, connectionId: number): Promise<Map<string, string>> {
  const { rows } = await db.query<{ local_key: string; remote_id: string }>(`SELECT local_key, remote_id FROM crm_records WHERE connection_id = $1`, [connectionId]);
  return new Map(rows.map((r) => [r.local_key, r.remote_id]));
}

export async function rememberRecord(db: Queryable, connectionId: number, key: string, objectType: string, remoteId: string): Promise<void> {
  await db.query(
    `INSERT INTO crm_records (connection_id, local_key, object_type, remote_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (connection_id, local_key) DO UPDATE SET remote_id = EXCLUDED.remote_id, object_type = EXCLUDED.object_type, updated_at = now()`,
    [connectionId, key, objectType, remoteId],
  );
}

export interface SendRow {
  id: number;
  connection_id: number;
  team_id: number;
  vendor: CrmVendor;
  item_type: CrmItemType;
  item_id: number;
  requested_by: number | null;
  requested_by_name: string | null;
  trigger: "manual" | "shortlist";
  status: CrmSendStatus;
  attempts: number;
  last_error: string | null;
  records: CrmRecordLink[];
  next_attempt_at: Date | null;
  sent_at: Date | null;
  created_at: Date;
}

const SEND_COLUMNS = `s.id, s.connection_id, s.team_id, c.vendor, s.item_type, s.item_id, s.requested_by,
  nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS requested_by_name, s.trigger, s.status, s.attempts, s.last_error, s.records,
  s.next_attempt_at, s.sent_at, s.created_at`;
const SEND_FROM = `crm_sends s JOIN crm_connections c ON c.id = s.connection_id LEFT JOIN users u ON u.id = s.requested_by`;

/** Queues a send of the item to each of the team's connections (all, or those switched on for shortlists); answers the sends. */
export async function queueSends(tx: Queryable, s: { teamId: number; itemType: CrmItemType; itemId: number; userId: number; trigger: "manual" | "shortlist"; at: Date }): Promise<SendRow[]> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO crm_sends (connection_id, team_id, item_type, item_id, requested_by, trigger, next_attempt_at, created_at)
     SELECT c.id, c.team_id, $2, $3, $4, $5, $6, $6 FROM crm_connections c
      WHERE c.team_id = $1 AND ($5 = 'manual' OR c.auto_on_shortlist)
     RETURNING id`,
    [s.teamId, s.itemType, s.itemId, s.userId, s.trigger, s.at],
  );
  if (!rows.length) return [];
  return (await tx.query<SendRow>(`SELECT ${SEND_COLUMNS} FROM ${SEND_FROM} WHERE s.id = ANY($1::bigint[]) ORDER BY s.id`, [rows.map((r) => r.id)])).rows;
}

/** The team's sends, newest first, of one item or of all. */
export async function teamSends(db: Queryable, teamId: number, item: { type: CrmItemType; id: number } | null, limit: number): Promise<SendRow[]> {
  const { rows } = await db.query<SendRow>(
    `SELECT ${SEND_COLUMNS} FROM ${SEND_FROM} WHERE s.team_id = $1 AND ($2::text IS NULL OR (s.item_type = $2 AND s.item_id = $3)) ORDER BY s.id DESC LIMIT $4`,
    [teamId, item?.type ?? null, item?.id ?? null, limit],
  );
  return rows;
}

export async function sendById(db: Queryable, id: number): Promise<SendRow | undefined> {
  const { rows } = await db.query<SendRow>(`SELECT ${SEND_COLUMNS} FROM ${SEND_FROM} WHERE s.id = $1`, [id]);
  return rows[0];
}

/** How long a claimed send is held before another process may take it again (a process that died mid-send). */
export const CLAIM_SECONDS = 300;

/** Claims due sends (one try each): FOR UPDATE SKIP LOCKED, so two processes never send one at once. */
export async function claimDueSends(db: Queryable, holder: string, now: Date, limit: number): Promise<SendRow[]> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE crm_sends s SET claimed_by = $1, attempts = s.attempts + 1, next_attempt_at = $2::timestamptz + make_interval(secs => ${CLAIM_SECONDS})
      WHERE s.id IN (SELECT id FROM crm_sends WHERE status = 'pending' AND next_attempt_at <= $2 ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING s.id`,
    [holder, now, limit],
  );
  if (!rows.length) return [];
  return (await db.query<SendRow>(`SELECT ${SEND_COLUMNS} FROM ${SEND_FROM} WHERE s.id = ANY($1::bigint[]) ORDER BY s.id`, [rows.map((r) => r.id)])).rows;
}

export async function anySendDue(db: Queryable, now: Date): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM crm_sends WHERE status = 'pending' AND next_attempt_at <= $1 LIMIT 1`, [now]);
  return rows.length > 0;
}

/** Records a try: sent (with its records), or failed for good, or pending again at `retryAt`. Only the claim's holder may. */
export async function recordSendAttempt(
  db: Queryable,
  holder: string,
  id: number,
  r: { status: CrmSendStatus; error: string | null; records?: CrmRecordLink[]; retryAt?: Date; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE crm_sends SET status = $3, last_error = $4, records = coalesce($5::jsonb, records), next_attempt_at = $6, claimed_by = NULL,
            sent_at = CASE WHEN $3 = 'sent' THEN $7::timestamptz ELSE sent_at END
      WHERE id = $1 AND claimed_by = $2`,
    [id, holder, r.status, r.error, r.records ? JSON.stringify(r.records) : null, r.status === "pending" ? (r.retryAt ?? r.at) : null, r.at],
  );
}
