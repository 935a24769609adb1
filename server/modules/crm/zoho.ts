// Zoho CRM client (a Self Client's refresh token, API v6). Every call follows Zoho's published API:
//   - Access token: POST {accounts}/oauth/v2/token?refresh_token=…&client_id=…&client_secret=…
//     &grant_type=refresh_token → {access_token, api_domain, token_type: "Bearer", expires_in: 3600}
//     (https://www.zoho.com/accounts/protocol/oauth/web-apps/access-token-expiry.html); a bad refresh
//     token or client answers {error: "invalid_code" | "invalid_client"}. {accounts} is the data
//     centre's accounts server (common/crm.ts ZOHO_DATA_CENTRES, Zoho's Multi DC list).
//   - API calls: {api_domain}/crm/v6/… with `Authorization: Zoho-oauthtoken <access token>`.
//   - An expired or revoked access token: 401 {code: "INVALID_TOKEN", message: "invalid oauth token",
//     status: "error"} — we refresh once and try the call again; a second refusal needs new credentials.
//   - Test: GET /crm/v6/org (the organisation; scope ZohoCRM.org.READ).
//   - Records: POST /crm/v6/{Accounts|Contacts|Deals|Leads}/upsert {data: [record],
//     duplicate_check_fields: [...]} — Zoho updates the record whose duplicate-check fields match
//     (in the order given) or inserts one; each answer row is {code: "SUCCESS", action (insert or
//     update), details: {id}} (https://www.zoho.com/crm/developer/docs/api/v6/upsert-records.html).
//     A contact is linked to its account and a deal to both through the lookup fields Account_Name
//     and Contact_Name ({id}).
//   - 429 (too many requests; concurrency or credit limits): we wait as Retry-After says, else our backoff.
// Our id (e.g. project:12) goes in a custom field (mapping.id_field, default InfraScout_ID) marked
// "Do not allow duplicate values", which leads the duplicate-check fields: a second send updates.
import { ZOHO_DATA_CENTRES, type CrmRecordLink, type ZohoDataCentre, type ZohoMapping } from "../../../common/crm.js";
import type { CrmClient, SendContext } from "./client.js";
import { CrmError, crmFetch } from "./http.js";
import type { CrmPayload } from "./payload.js";

export interface ZohoSecrets {
  client_secret: string;
  refresh_token: string;
  access_token?: string;
  /** ms since the epoch; refreshed a minute before */
  access_expires_at?: number;
  api_domain?: string;
}

export interface ZohoOptions {
  clientId: string;
  dataCentre: ZohoDataCentre;
  secrets: ZohoSecrets;
  mapping: ZohoMapping;
  accountsBase?: string;
  apiBase?: string;
  /** Called with the secrets after a refresh, to store the new access token (sealed). */
  saveSecrets(s: ZohoSecrets): Promise<void>;
  now?: () => number;
}

export const INVALID_REFRESH = "Zoho refused the refresh token or client (invalid_code / invalid_client): generate a new refresh token for the Self Client and enter it again.";

export function zohoClient(o: ZohoOptions): CrmClient {
  const dc = ZOHO_DATA_CENTRES[o.dataCentre];
  const accounts = (o.accountsBase ?? dc.accounts).replace(/\/$/, "");
  const now = o.now ?? Date.now;
  const secrets = { ...o.secrets };
  const m = o.mapping;
  const apiBase = () => (o.apiBase ?? secrets.api_domain ?? dc.api).replace(/\/$/, "");

  async function refresh(): Promise<string> {
    const q = new URLSearchParams({ refresh_token: secrets.refresh_token, client_id: o.clientId, client_secret: secrets.client_secret, grant_type: "refresh_token" });
    let res;
    try {
      res = await crmFetch("Zoho", `${accounts}/oauth/v2/token?${q}`, { method: "POST", headers: {} }, [400]);
    } catch (err) {
      if (err instanceof CrmError && err.kind === "auth") throw new CrmError(INVALID_REFRESH, "auth", err.status);
      throw err;
    }
    const j = res.json ?? {};
    if (typeof j.access_token !== "string") {
      if (j.error === "invalid_code" || j.error === "invalid_client" || res.status === 400) throw new CrmError(INVALID_REFRESH, "auth", res.status, null, j.error ?? null);
      throw new CrmError("Zoho's token answer had no access token", "transient", res.status);
    }
    secrets.access_token = j.access_token;
    secrets.access_expires_at = now() + (Number(j.expires_in) || 3600) * 1000;
    if (typeof j.api_domain === "string") secrets.api_domain = j.api_domain;
    await o.saveSecrets({ ...secrets });
    return j.access_token;
  }

  async function token(): Promise<string> {
    if (secrets.access_token && (secrets.access_expires_at ?? 0) - 60_000 > now()) return secrets.access_token;
    return refresh();
  }

  /** One API call; on 401 (INVALID_TOKEN: expired or revoked) the token is refreshed once and the call tried again. */
  async function call(method: string, path: string, body?: unknown) {
    const send = (t: string) => crmFetch("Zoho", `${apiBase()}${path}`, { method, headers: { authorization: `Zoho-oauthtoken ${t}` }, body });
    try {
      return await send(await token());
    } catch (err) {
      if (!(err instanceof CrmError) || err.kind !== "auth" || err.message === INVALID_REFRESH) throw err;
      return send(await refresh());
    }
  }

  const clean = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k, v]) => k && v !== null && v !== undefined && v !== ""));
  const crmHost = o.dataCentre === "ca" ? "crm.zohocloud.ca" : `crm.zoho.${o.dataCentre}`;

  async function upsert(module: string, key: string, record: Record<string, unknown>, duplicateCheck: string[], ctx: SendContext, objectType: CrmRecordLink["object_type"]): Promise<CrmRecordLink> {
    const res = await call("POST", `/crm/v6/${module}/upsert`, { data: [clean(record)], duplicate_check_fields: duplicateCheck.filter(Boolean) });
    const row = res.json?.data?.[0];
    if (!row || row.status !== "success" || !row.details?.id) {
      throw new CrmError(`Zoho did not save the ${objectType}: ${row?.code ?? "no answer"}${row?.message ? ` (${String(row.message).slice(0, 120)})` : ""}`, "permanent", res.status, null, row?.code ?? null);
    }
    const id = String(row.details.id);
    await ctx.remember(key, objectType, id);
    return { object_type: objectType, id, url: `https://${crmHost}/crm/tab/${module}/${id}`, change: row.action === "insert" ? "created" : "updated" };
  }

  return {
    async test() {
      await refresh();
      await call("GET", `/crm/v6/org`);
      return { api_domain: secrets.api_domain ?? null };
    },
    async send(p: CrmPayload, ctx) {
      const out: CrmRecordLink[] = [];
      const leadsOnly = p.deal && m.deal_module === "Leads";
      let account: CrmRecordLink | null = null;
      if (p.company && !leadsOnly) {
        const c = p.company;
        account = await upsert("Accounts", c.key, { Account_Name: c.name, Website: c.domain, Billing_City: c.city, Billing_State: c.state, [m.id_field]: c.key, ...(m.cin_field ? { [m.cin_field]: c.cin } : {}) },
          [m.id_field, m.cin_field && c.cin ? m.cin_field : "", "Account_Name"], ctx, "company");
        out.push(account);
      }
      const people: CrmRecordLink[] = [];
      if (!leadsOnly) {
        for (const c of p.contacts) {
          people.push(await upsert("Contacts", c.key, { First_Name: c.firstName, Last_Name: c.lastName, Email: c.email, Phone: c.phone, Title: c.title, Account_Name: account ? { id: account.id } : null, [m.id_field]: c.key },
            [c.email ? "Email" : "", m.id_field], ctx, "contact"));
        }
        out.push(...people);
      }
      if (p.deal) {
        const d = p.deal;
        const known = ctx.known.has(d.key);
        if (leadsOnly) {
          const person = p.contacts[0];
          out.push(await upsert("Leads", d.key, {
            Last_Name: person?.lastName || d.name.slice(0, 80), First_Name: person?.firstName, Email: person?.email, Phone: person?.phone, Designation: person?.title,
            Company: p.company?.name ?? d.name.slice(0, 100), Description: d.description, [m.id_field]: d.key,
          }, [m.id_field], ctx, "lead"));
        } else {
          out.push(await upsert("Deals", d.key, {
            Deal_Name: d.name.slice(0, 120), Amount: d.amount, Closing_Date: d.closeDate, Description: d.description,
            // a deal's stage is the sales team's once it exists: set on the first send only
            Stage: known ? null : m.deal_stage,
            Account_Name: account ? { id: account.id } : null, Contact_Name: people[0] ? { id: people[0].id } : null, [m.id_field]: d.key,
          }, [m.id_field], ctx, "deal"));
        }
      }
      return out;
    },
  };
}
