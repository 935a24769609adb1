// A REAL local HTTP peer on 127.0.0.1 playing HubSpot and Zoho CRM for the CRM tests. It checks the
// documented request shapes (paths, methods, Authorization forms, body fields) and answers as the
// vendors document, keeping records in memory so duplicates would show:
//   HubSpot (under /hubspot): Bearer private app token; /crm/v3/objects/{type} create, PATCH by id,
//     /search with filterGroups (EQ), contacts /batch/upsert by idProperty email, v4 default
//     associations, /account-info/v3/details; 401 {category: INVALID_AUTHENTICATION}; 429
//     {errorType: RATE_LIMIT, policyName} with Retry-After. Created records only become searchable
//     when `searchable` is on (HubSpot's search index lags writes), so a client that relied on
//     search alone would duplicate.
//   Zoho (accounts under /zoho-accounts, API under /zoho-api): POST /oauth/v2/token with the refresh
//     grant in the query; `Zoho-oauthtoken` access tokens; 401 {code: INVALID_TOKEN} once expired;
//     /crm/v6/{module}/upsert with duplicate_check_fields; /crm/v6/org; 429 TOO_MANY_REQUESTS.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  body: any;
  raw: string;
}

interface HsRecord { id: string; properties: Record<string, string | null>; searchable: boolean }
interface ZohoRecord { id: string; fields: Record<string, unknown> }

export interface CrmPeer {
  base: string;
  seen: Seen[];
  hubspot: {
    token: string;
    records: Record<"companies" | "contacts" | "deals", HsRecord[]>;
    associations: Set<string>;
    /** Newly created records are found by search at once (default false: the index lags). */
    searchable: boolean;
    /** The next n calls answer 429 with this Retry-After. */
    rateLimit(n: number, retryAfter: string | null): void;
    seed(type: "companies" | "contacts" | "deals", properties: Record<string, string>): string;
  };
  zoho: {
    clientId: string;
    clientSecret: string;
    refreshToken: string;
    records: Record<string, ZohoRecord[]>;
    tokensIssued: string[];
    /** Every access token issued so far stops working (as one does after an hour). */
    expireTokens(): void;
    rateLimit(n: number, retryAfter: string | null): void;
  };
  close(): Promise<void>;
}

export async function startCrmPeer(): Promise<CrmPeer> {
  const seen: Seen[] = [];
  let nextId = 1000;
  const hs = {
    token: "pat-na1-11111111-2222-3333-4444-abcdefabcdef",
    records: { companies: [] as HsRecord[], contacts: [] as HsRecord[], deals: [] as HsRecord[] },
    associations: new Set<string>(),
    searchable: false,
    limited: 0,
    retryAfter: null as string | null,
  };
  const zo = {
    clientId: "1000.ZOHOCLIENTID0000000000000000",
    clientSecret: "zoho-client-secret-9f8e7d6c5b4a",
    refreshToken: "1000.refresh.0123456789abcdef0123456789abcdef",
    records: {} as Record<string, ZohoRecord[]>,
    tokensIssued: [] as string[],
    valid: new Set<string>(),
    limited: 0,
    retryAfter: null as string | null,
  };

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json;charset=utf-8", ...headers });
    res.end(JSON.stringify(body));
  };
  const view = (r: HsRecord) => ({ id: r.id, properties: { ...r.properties, hs_object_id: r.id }, createdAt: "2026-11-28T10:00:00.000Z", updatedAt: "2026-11-28T10:00:00.000Z", archived: false });
  const bad = (res: http.ServerResponse, message: string) => json(res, 400, { status: "error", message, category: "VALIDATION_ERROR", correlationId: "c0ffee00-0000-0000-0000-000000000000" });

  function hubspot(req: Seen, res: http.ServerResponse) {
    if (req.authorization !== `Bearer ${hs.token}`) {
      return json(res, 401, { status: "error", message: "Authentication credentials not found. This API supports OAuth 2.0 authentication.", correlationId: "c0ffee00-0000-0000-0000-000000000001", category: "INVALID_AUTHENTICATION" });
    }
    if (hs.limited > 0) {
      hs.limited--;
      return json(res, 429, { status: "error", message: "You have reached your secondly limit.", errorType: "RATE_LIMIT", correlationId: "c0ffee00-0000-0000-0000-000000000002", policyName: "SECONDLY", requestId: "r-1" }, hs.retryAfter ? { "retry-after": hs.retryAfter } : {});
    }
    const p = req.path;
    let m: RegExpMatchArray | null;
    if (req.method === "GET" && p === "/crm/v3/objects/contacts") return json(res, 200, { results: hs.records.contacts.slice(0, Number(req.query.get("limit") ?? 10)).map(view) });
    if (req.method === "GET" && p === "/account-info/v3/details") return json(res, 200, { portalId: 62515, accountType: "STANDARD", timeZone: "Asia/Kolkata", companyCurrency: "INR", uiDomain: "app.hubspot.com", dataHostingLocation: "na1" });
    if (req.method === "POST" && (m = p.match(/^\/crm\/v3\/objects\/(companies|contacts|deals)\/search$/))) {
      const groups = req.body?.filterGroups;
      if (!Array.isArray(groups) || !groups.length || groups.some((g: any) => !Array.isArray(g.filters) || g.filters.some((f: any) => typeof f.propertyName !== "string" || f.operator !== "EQ" || typeof f.value !== "string"))) return bad(res, "Invalid input JSON: filterGroups");
      const eq = (a: string | null | undefined, b: string) => a != null && a.toLowerCase() === b.toLowerCase(); // HubSpot's EQ is case-insensitive for strings
      const hits = hs.records[m[1] as "companies"].filter((r) => r.searchable && groups.some((g: any) => g.filters.every((f: any) => eq(r.properties[f.propertyName], f.value))));
      return json(res, 200, { total: hits.length, results: hits.map(view) });
    }
    if (req.method === "POST" && p === "/crm/v3/objects/contacts/batch/upsert") {
      const inputs = req.body?.inputs;
      if (!Array.isArray(inputs) || inputs.some((i: any) => i.idProperty !== "email" || typeof i.id !== "string" || typeof i.properties !== "object")) return bad(res, "Invalid input JSON: inputs");
      const results = inputs.map((i: any) => {
        let r = hs.records.contacts.find((c) => c.properties.email?.toLowerCase() === i.id.toLowerCase());
        const created = !r;
        if (!r) hs.records.contacts.push((r = { id: String(nextId++), properties: { email: i.id }, searchable: hs.searchable }));
        Object.assign(r.properties, i.properties);
        return { ...view(r), new: created };
      });
      return json(res, 200, { status: "COMPLETE", results, startedAt: "2026-11-28T10:00:00Z", completedAt: "2026-11-28T10:00:01Z" });
    }
    if (req.method === "POST" && (m = p.match(/^\/crm\/v3\/objects\/(companies|contacts|deals)$/))) {
      const props = req.body?.properties;
      if (!props || typeof props !== "object") return bad(res, "Invalid input JSON: properties");
      if (m[1] === "deals" && (!props.dealname || !props.pipeline || !props.dealstage)) return bad(res, "Property values were not valid: dealname, pipeline and dealstage are required");
      if (m[1] === "companies" && !props.name && !props.domain) return bad(res, "A company needs a name or a domain");
      const r: HsRecord = { id: String(nextId++), properties: { ...props }, searchable: hs.searchable };
      hs.records[m[1] as "companies"].push(r);
      return json(res, 201, view(r));
    }
    if (req.method === "PATCH" && (m = p.match(/^\/crm\/v3\/objects\/(companies|contacts|deals)\/(\d+)$/))) {
      const r = hs.records[m[1] as "companies"].find((x) => x.id === m![2]);
      if (!r) return json(res, 404, { status: "error", message: "resource not found", category: "OBJECT_NOT_FOUND" });
      if (!req.body?.properties || typeof req.body.properties !== "object") return bad(res, "Invalid input JSON: properties");
      Object.assign(r.properties, req.body.properties);
      return json(res, 200, view(r));
    }
    if (req.method === "PUT" && (m = p.match(/^\/crm\/v4\/objects\/(companies|contacts|deals)\/(\d+)\/associations\/default\/(companies|contacts|deals)\/(\d+)$/))) {
      hs.associations.add(`${m[1]}:${m[2]}->${m[3]}:${m[4]}`);
      return json(res, 200, { status: "COMPLETE", results: [{ from: { id: m[2] }, to: { id: m[4] }, associationSpec: { associationCategory: "HUBSPOT_DEFINED", associationTypeId: 1 } }], startedAt: "2026-11-28T10:00:00Z", completedAt: "2026-11-28T10:00:00Z" });
    }
    return json(res, 404, { status: "error", message: `no route ${req.method} ${p}`, category: "OBJECT_NOT_FOUND" });
  }

  const MANDATORY: Record<string, string[]> = { Accounts: ["Account_Name"], Contacts: ["Last_Name"], Deals: ["Deal_Name", "Stage"], Leads: ["Last_Name", "Company"] };

  function zohoAccounts(req: Seen, res: http.ServerResponse) {
    if (req.method !== "POST" || req.path !== "/oauth/v2/token") return json(res, 404, { error: "not_found" });
    const q = req.query;
    if (q.get("grant_type") !== "refresh_token" || q.get("client_id") !== zo.clientId || q.get("client_secret") !== zo.clientSecret) return json(res, 200, { error: "invalid_client" });
    if (q.get("refresh_token") !== zo.refreshToken) return json(res, 200, { error: "invalid_code" });
    const token = `1000.access${zo.tokensIssued.length}.${Math.random().toString(16).slice(2)}`;
    zo.tokensIssued.push(token);
    zo.valid.add(token);
    return json(res, 200, { access_token: token, scope: "ZohoCRM.modules.ALL ZohoCRM.org.READ", api_domain: `${base}/zoho-api`, token_type: "Bearer", expires_in: 3600 });
  }

  function zohoApi(req: Seen, res: http.ServerResponse) {
    const auth = req.authorization ?? "";
    if (!auth.startsWith("Zoho-oauthtoken ") || !zo.valid.has(auth.slice("Zoho-oauthtoken ".length))) {
      return json(res, 401, { code: "INVALID_TOKEN", details: {}, message: "invalid oauth token", status: "error" });
    }
    if (zo.limited > 0) {
      zo.limited--;
      return json(res, 429, { code: "TOO_MANY_REQUESTS", details: {}, message: "please check the API limits", status: "error" }, zo.retryAfter ? { "retry-after": zo.retryAfter } : {});
    }
    let m: RegExpMatchArray | null;
    if (req.method === "GET" && req.path === "/crm/v6/org") return json(res, 200, { org: [{ id: "4150868000000225013", company_name: "Menon Cement", country_code: "IN", currency: "INR", time_zone: "Asia/Kolkata" }] });
    if (req.method === "POST" && (m = req.path.match(/^\/crm\/v6\/(Accounts|Contacts|Deals|Leads)\/upsert$/))) {
      const module = m[1];
      const data = req.body?.data;
      const dup = req.body?.duplicate_check_fields;
      if (!Array.isArray(data) || data.length < 1 || data.length > 100) return json(res, 400, { code: "INVALID_DATA", details: {}, message: "invalid data", status: "error" });
      if (dup !== undefined && (!Array.isArray(dup) || dup.some((f: unknown) => typeof f !== "string" || !f))) return json(res, 400, { code: "INVALID_DATA", details: { api_name: "duplicate_check_fields" }, message: "invalid duplicate_check_fields", status: "error" });
      const store = (zo.records[module] ??= []);
      const out = data.map((rec: Record<string, unknown>) => {
        let found: ZohoRecord | undefined;
        let field: string | null = null;
        for (const f of dup ?? []) {
          if (rec[f] == null || rec[f] === "") continue;
          found = store.find((r) => String(r.fields[f] ?? "").toLowerCase() === String(rec[f]).toLowerCase());
          if (found) {
            field = f;
            break;
          }
        }
        if (!found) {
          const missing = (MANDATORY[module] ?? []).filter((f) => rec[f] == null || rec[f] === "");
          if (missing.length) return { code: "MANDATORY_NOT_FOUND", details: { api_name: missing[0] }, message: "required field not found", status: "error" };
          found = { id: `4150868000000${nextId++}`, fields: {} };
          store.push(found);
          Object.assign(found.fields, rec);
          return { code: "SUCCESS", duplicate_field: null, action: "insert", details: { Modified_Time: "2026-11-28T15:30:00+05:30", Created_Time: "2026-11-28T15:30:00+05:30", id: found.id }, message: "record added", status: "success" };
        }
        Object.assign(found.fields, rec);
        return { code: "SUCCESS", duplicate_field: field, action: "update", details: { Modified_Time: "2026-11-28T15:30:00+05:30", id: found.id }, message: "record updated", status: "success" };
      });
      return json(res, 200, { data: out });
    }
    return json(res, 404, { code: "INVALID_URL_PATTERN", details: {}, message: "Please check if the URL trying to access is a correct one", status: "error" });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://peer");
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: any = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return json(res, 400, { status: "error", message: "Invalid JSON" });
      }
      const [, vendor, ...rest] = url.pathname.split("/");
      const s: Seen = { method: req.method ?? "GET", path: `/${rest.join("/")}`, query: url.searchParams, authorization: req.headers.authorization, contentType: req.headers["content-type"], body, raw };
      seen.push({ ...s, path: url.pathname });
      if (vendor === "hubspot") return hubspot(s, res);
      if (vendor === "zoho-accounts") return zohoAccounts(s, res);
      if (vendor === "zoho-api") return zohoApi(s, res);
      json(res, 404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    seen,
    hubspot: {
      get token() { return hs.token; },
      set token(t: string) { hs.token = t; },
      records: hs.records,
      associations: hs.associations,
      get searchable() { return hs.searchable; },
      set searchable(v: boolean) { hs.searchable = v; },
      rateLimit(n, retryAfter) { hs.limited = n; hs.retryAfter = retryAfter; },
      seed(type, properties) {
        const r = { id: String(nextId++), properties: { ...properties }, searchable: true };
        hs.records[type].push(r);
        return r.id;
      },
    },
    zoho: {
      clientId: zo.clientId,
      clientSecret: zo.clientSecret,
      refreshToken: zo.refreshToken,
      records: zo.records,
      tokensIssued: zo.tokensIssued,
      expireTokens: () => zo.valid.clear(),
      rateLimit(n, retryAfter) { zo.limited = n; zo.retryAfter = retryAfter; },
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
