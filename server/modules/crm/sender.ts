// Performing queued sends (the job loop server/jobs/crm-sync.ts, and the test route's check): open
// the connection's secrets, build the payload as the requester's team may send it, call the vendor,
// record the try. A 429 waits as the vendor's Retry-After says (bounded by CRM_MAX_RETRY_AFTER_MS);
// a transient failure backs off (CRM_RETRY_BASE_MS doubling); a refused HubSpot token (401), or a
// Zoho refresh token Zoho no longer takes, marks the connection as needing new credentials.
import { CRM_MAX_ATTEMPTS, CRM_VENDOR_LABELS, type CrmMapping, type HubspotMapping, type ZohoDataCentre, type ZohoMapping } from "../../../common/crm.js";
import type { Queryable } from "../../db/client.js";
import { integrationsBox, type SecretsConfig } from "../../lib/secrets.js";
import { membershipOf } from "../teams/queries.js";
import type { CrmClient } from "./client.js";
import { hubspotClient } from "./hubspot.js";
import { CrmError } from "./http.js";
import { buildPayload } from "./payload.js";
import { claimDueSends, knownRecords, recordSendAttempt, rememberRecord, saveSecrets, setConnectionError, type ConnectionRow, type SendRow } from "./queries.js";
import { zohoClient, type ZohoSecrets } from "./zoho.js";

export interface CrmDeps {
  db: Queryable;
  config: SecretsConfig & { publicUrl?: string; crm: { hubspotApiBase?: string; zohoAccountsBase?: string; zohoApiBase?: string; retryBaseMs: number; maxRetryAfterMs: number } };
}

/** The context a connection's secrets are sealed under: its vendor and team. */
export const secretsContext = (vendor: string, teamId: number) => `crm:${vendor}:team:${teamId}`;

export type VendorSecrets = { token: string } | ZohoSecrets;

export function sealSecrets(deps: CrmDeps, vendor: string, teamId: number, s: VendorSecrets): string {
  return integrationsBox(deps.config).seal(JSON.stringify(s), secretsContext(vendor, teamId));
}

export function openSecrets(deps: CrmDeps, c: Pick<ConnectionRow, "vendor" | "team_id" | "secrets_enc">): VendorSecrets {
  return JSON.parse(integrationsBox(deps.config).open(c.secrets_enc, secretsContext(c.vendor, c.team_id)));
}

export const REAUTH_MESSAGE = {
  hubspot: "HubSpot refused the private app token (401): it was revoked or rotated. Enter a new token to send again.",
  zoho: "Zoho refused the credentials: generate a new refresh token for the Self Client and enter it again.",
} as const;

/** A client for the connection; `mapping` and `secrets` may be given (a connection being saved). */
export function clientFor(deps: CrmDeps, c: Pick<ConnectionRow, "id" | "vendor" | "team_id" | "client_id" | "data_centre" | "account"> & { field_map: CrmMapping }, secrets: VendorSecrets, persist = true): CrmClient {
  if (c.vendor === "hubspot") {
    return hubspotClient({ token: (secrets as { token: string }).token, mapping: c.field_map as HubspotMapping, apiBase: deps.config.crm.hubspotApiBase, account: c.account as never });
  }
  return zohoClient({
    clientId: c.client_id ?? "",
    dataCentre: (c.data_centre ?? "com") as ZohoDataCentre,
    secrets: secrets as ZohoSecrets,
    mapping: c.field_map as ZohoMapping,
    accountsBase: deps.config.crm.zohoAccountsBase,
    apiBase: deps.config.crm.zohoApiBase,
    saveSecrets: async (s) => {
      if (persist) await saveSecrets(deps.db, c.id, sealSecrets(deps, c.vendor, c.team_id, s));
    },
  });
}

/** Sends one claimed send and records the try; answers its status afterwards. */
export async function performSend(deps: CrmDeps, holder: string, s: SendRow, conn: ConnectionRow, now: () => Date): Promise<"sent" | "pending" | "failed"> {
  const label = CRM_VENDOR_LABELS[conn.vendor];
  const done = async (status: "sent" | "pending" | "failed", error: string | null, extra: { records?: SendRow["records"]; retryAt?: Date } = {}) => {
    await recordSendAttempt(deps.db, holder, s.id, { status, error, at: now(), ...extra });
    return status;
  };
  if (conn.needs_reauth) return done("failed", REAUTH_MESSAGE[conn.vendor]);
  // The requester's team must still be this one (a member who left sends nothing of the team's).
  const m = s.requested_by === null ? undefined : await membershipOf(deps.db, s.requested_by);
  if (!m || m.team_id !== s.team_id) return done("failed", "The member who asked for this send has left the team.");
  const payload = await buildPayload(deps.db, s.requested_by!, s.item_type, s.item_id, deps.config.publicUrl ?? "");
  if (!payload) return done("failed", "The item no longer exists.");
  let secrets: VendorSecrets;
  try {
    secrets = openSecrets(deps, conn);
  } catch {
    return done("failed", `The ${label} credentials could not be decrypted (was INTEGRATIONS_KEY changed?). Enter them again.`);
  }
  const known = await knownRecords(deps.db, conn.id);
  try {
    const records = await clientFor(deps, conn, secrets).send(payload, {
      known,
      remember: async (key, type, id) => {
        known.set(key, id);
        await rememberRecord(deps.db, conn.id, key, type, id);
      },
    });
    const note = payload.lockedContacts ? `${payload.lockedContacts} contact(s) not sent: not unlocked by your team.` : null;
    if (conn.last_error) await setConnectionError(deps.db, conn.id, null);
    return done("sent", note, { records });
  } catch (err) {
    if (!(err instanceof CrmError)) {
      return s.attempts >= CRM_MAX_ATTEMPTS ? done("failed", `${label}: ${(err as Error).message}`) : done("pending", `${label}: ${(err as Error).message}`, { retryAt: backoff(deps, s.attempts, now) });
    }
    if (err.kind === "auth") {
      await setConnectionError(deps.db, conn.id, REAUTH_MESSAGE[conn.vendor], true);
      return done("failed", REAUTH_MESSAGE[conn.vendor]);
    }
    if (err.kind === "permanent" || s.attempts >= CRM_MAX_ATTEMPTS) {
      await setConnectionError(deps.db, conn.id, err.message);
      return done("failed", err.message);
    }
    const retryAt = err.kind === "rate_limited" && err.retryAfterMs !== null
      ? new Date(now().getTime() + Math.min(err.retryAfterMs, deps.config.crm.maxRetryAfterMs))
      : backoff(deps, s.attempts, now);
    return done("pending", `${err.message}; trying again at ${retryAt.toISOString()}`, { retryAt });
  }
}

const backoff = (deps: CrmDeps, attempts: number, now: () => Date) => new Date(now().getTime() + deps.config.crm.retryBaseMs * 2 ** Math.max(0, attempts - 1));

/** Claims and performs due sends until none is due or `max` were tried. */
export async function sendDue(deps: CrmDeps, holder: string, now: () => Date, loadConnection: (id: number) => Promise<ConnectionRow | undefined>, max = 200): Promise<{ sent: number; retrying: number; failed: number }> {
  const out = { sent: 0, retrying: 0, failed: 0 };
  for (let tried = 0; tried < max; ) {
    const claimed = await claimDueSends(deps.db, holder, now(), Math.min(20, max - tried));
    if (!claimed.length) break;
    tried += claimed.length;
    // One connection's sends one after another (a vendor's rate limit is per account).
    for (const s of claimed) {
      const conn = await loadConnection(s.connection_id);
      const status = conn ? await performSend(deps, holder, s, conn, now) : "failed";
      if (status === "sent") out.sent++;
      else if (status === "pending") out.retrying++;
      else out.failed++;
    }
  }
  return out;
}
