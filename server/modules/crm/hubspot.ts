// HubSpot CRM client (private app access token). Every call follows HubSpot's published API:
//   - Authentication: a private app's access token as `Authorization: Bearer <token>`
//     (https://developers.hubspot.com/docs/apps/legacy-apps/private-apps/overview).
//   - Test: GET /crm/v3/objects/contacts?limit=1 (list contacts; scope crm.objects.contacts.read), and
//     GET /account-info/v3/details (portalId and uiDomain, for links to records).
//   - Companies and deals: POST /crm/v3/objects/{companies|deals}/search with filterGroups
//     (filters in a group are ANDed, groups ORed; operator EQ —
//     https://developers.hubspot.com/docs/api-reference/legacy/crm/search-the-crm), then
//     PATCH /crm/v3/objects/{type}/{id} {properties} to update or POST /crm/v3/objects/{type}
//     {properties} to create.
//   - Contacts with an e-mail: POST /crm/v3/objects/contacts/batch/upsert
//     {inputs: [{idProperty: "email", id, properties}]} (create or update by a unique property;
//     the answer's `new` says which).
//   - Associations: PUT /crm/v4/objects/{fromType}/{fromId}/associations/default/{toType}/{toId}
//     (v4 "associate records (default)": the unlabelled default type; idempotent).
//   - Errors: 429 {status: "error", errorType: "RATE_LIMIT", policyName: "SECONDLY"|"DAILY", …}
//     (API usage guidelines) — we wait as Retry-After says, else our own backoff; 401
//     {category: "INVALID_AUTHENTICATION"} — the token was revoked or rotated: the connection needs a new one.
// Our id (e.g. project:12) is kept in a custom property (mapping.id_property, default infrascout_id)
// on each record, and the remote ids in crm_records, so a second send updates and never duplicates
// (HubSpot's search index lags a create by a few seconds: the local record covers that window).
import type { CrmRecordLink, HubspotMapping } from "../../../common/crm.js";
import type { CrmClient, SendContext } from "./client.js";
import { crmFetch } from "./http.js";
import type { CompanyPayload, ContactPayload, CrmPayload } from "./payload.js";

export const HUBSPOT_API = "https://api.hubapi.com";
const OBJECT_TYPE_IDS = { companies: "0-2", contacts: "0-1", deals: "0-3" } as const;
type HsType = keyof typeof OBJECT_TYPE_IDS;

export interface HubspotAccount {
  portal_id?: number;
  ui_domain?: string;
}

export function hubspotClient(opts: { token: string; mapping: HubspotMapping; apiBase?: string; account?: HubspotAccount }): CrmClient {
  const base = (opts.apiBase ?? HUBSPOT_API).replace(/\/$/, "");
  const m = opts.mapping;
  const call = (method: string, path: string, body?: unknown) => crmFetch("HubSpot", `${base}${path}`, { method, headers: { authorization: `Bearer ${opts.token}` }, body });

  const link = (type: HsType, id: string) =>
    opts.account?.portal_id ? `https://${opts.account.ui_domain ?? "app.hubspot.com"}/contacts/${opts.account.portal_id}/record/${OBJECT_TYPE_IDS[type]}/${id}` : null;

  /** Finds a record by the first filter that matches, in order of preference; answers its id. */
  async function search(type: HsType, prefer: { property: string; value: string | null; caseless?: boolean }[]): Promise<string | null> {
    const wanted = prefer.filter((p) => p.property && p.value);
    if (!wanted.length) return null;
    const res = await call("POST", `/crm/v3/objects/${type}/search`, {
      filterGroups: wanted.map((p) => ({ filters: [{ propertyName: p.property, operator: "EQ", value: p.value }] })),
      properties: [...new Set(wanted.map((p) => p.property))],
      limit: 10,
    });
    const results: { id: string; properties: Record<string, string | null> }[] = res.json?.results ?? [];
    for (const p of wanted) {
      const hit = results.find((r) => {
        const v = r.properties?.[p.property];
        return v != null && (p.caseless ? v.toLowerCase() === p.value!.toLowerCase() : v === p.value);
      });
      if (hit) return String(hit.id);
    }
    return null;
  }

  /** Updates the known or found record, else creates one; remembers its id. */
  async function put(type: HsType, key: string, properties: Record<string, unknown>, ctx: SendContext, prefer: Parameters<typeof search>[1], createOnly: Record<string, unknown> = {}): Promise<CrmRecordLink> {
    const object_type = type === "companies" ? "company" : type === "contacts" ? "contact" : "deal";
    let id = ctx.known.get(key) ?? (await search(type, [{ property: m.id_property, value: key }, ...prefer]));
    if (id) {
      const res = await call("PATCH", `/crm/v3/objects/${type}/${id}`, { properties }, );
      id = String(res.json?.id ?? id);
      await ctx.remember(key, object_type, id);
      return { object_type, id, url: link(type, id), change: "updated" };
    }
    const res = await call("POST", `/crm/v3/objects/${type}`, { properties: { ...properties, ...createOnly } });
    id = String(res.json.id);
    await ctx.remember(key, object_type, id);
    return { object_type, id, url: link(type, id), change: "created" };
  }

  const clean = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k, v]) => k && v !== null && v !== undefined && v !== ""));

  async function company(c: CompanyPayload, ctx: SendContext) {
    const properties = clean({ name: c.name, domain: c.domain, city: c.city, state: c.state, [m.id_property]: c.key, ...(m.cin_property ? { [m.cin_property]: c.cin } : {}) });
    return put("companies", c.key, properties, ctx, [
      { property: m.cin_property, value: c.cin },
      { property: "domain", value: c.domain, caseless: true },
      { property: "name", value: c.name, caseless: true },
    ]);
  }

  async function contact(c: ContactPayload, ctx: SendContext): Promise<CrmRecordLink> {
    const properties = clean({ firstname: c.firstName, lastname: c.lastName, email: c.email, phone: c.phone, jobtitle: c.title, [m.id_property]: c.key });
    if (!c.email) return put("contacts", c.key, properties, ctx, []);
    const res = await call("POST", `/crm/v3/objects/contacts/batch/upsert`, { inputs: [{ idProperty: "email", id: c.email, properties }] });
    const r = res.json?.results?.[0];
    const id = String(r.id);
    await ctx.remember(c.key, "contact", id);
    return { object_type: "contact", id, url: link("contacts", id), change: r.new ? "created" : "updated" };
  }

  const associate = (from: HsType, fromId: string, to: HsType, toId: string) => call("PUT", `/crm/v4/objects/${from}/${fromId}/associations/default/${to}/${toId}`);

  return {
    async test() {
      await call("GET", `/crm/v3/objects/contacts?limit=1`);
      try {
        const res = await call("GET", `/account-info/v3/details`);
        return { portal_id: res.json?.portalId, ui_domain: res.json?.uiDomain };
      } catch {
        return {}; // links are a convenience: the token works
      }
    },
    async send(p: CrmPayload, ctx) {
      const out: CrmRecordLink[] = [];
      const co = p.company ? await company(p.company, ctx) : null;
      if (co) out.push(co);
      const people: CrmRecordLink[] = [];
      for (const c of p.contacts) people.push(await contact(c, ctx));
      out.push(...people);
      let deal: CrmRecordLink | null = null;
      if (p.deal) {
        const d = p.deal;
        deal = await put("deals", d.key, clean({ dealname: d.name, amount: d.amount, closedate: d.closeDate, description: d.description, [m.id_property]: d.key }), ctx, [], { pipeline: m.deal_pipeline, dealstage: m.deal_stage });
        out.push(deal);
      }
      for (const person of people) if (co) await associate("contacts", person.id, "companies", co.id);
      if (deal) {
        if (co) await associate("deals", deal.id, "companies", co.id);
        for (const person of people) await associate("deals", deal.id, "contacts", person.id);
      }
      return out;
    },
  };
}
