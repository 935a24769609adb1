// HubSpot and Zoho CRM (issue 20, point 5), end to end against a REAL local HTTP peer that checks
// the documented request shapes and answers as the vendors do (tests/api/crm-peer.ts): connecting
// (credentials checked, sealed, never answered), sending a lead with its company, unlocked contact
// and deal associated together, a second send that duplicates nothing, CIN matching, 429 with
// Retry-After, an expired Zoho token refreshed once, a revoked HubSpot token, a locked contact kept
// back, sending on shortlist, members 403, other teams 404, and the audit rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCrmSyncOnce } from "../../server/jobs/crm-sync.js";
import { LOCKED_CONTACT, NO_CRM } from "../../server/modules/crm/routes.js";
import { REAUTH_MESSAGE } from "../../server/modules/crm/sender.js";
import { startCrmPeer, type CrmPeer } from "./crm-peer.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { linkContact, makeCompany, makeContact, makeProject } from "./lead-fixture.js";

const PUBLIC_URL = "https://app.infrascout.test";
let t: TestContext;
let peer: CrmPeer;
const bodies: string[] = [];

interface Person { id: number; email: string; token: string }
let owner: Person, admin: Person, member: Person, otherOwner: Person;
let teamId: number, otherTeamId: number;
let companyId: number, projectId: number, tenderId: number;
let unlocked: { id: number; email: string | null; phone: string | null }, locked: { id: number; email: string | null; phone: string | null };
const CIN = "U45200MH2010PTC123456";

type Method = "GET" | "POST" | "PUT" | "DELETE";
async function call(method: Method, url: string, who: Person, payload?: object) {
  const res = await t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
  bodies.push(res.body);
  return res;
}
const crm = "/api/integrations/crm/";
const send = (who: Person, item_type: string, item_id: number) => call("POST", `${crm}send/`, who, { item_type, item_id });
const sends = async (who: Person, type: string, id: number) => {
  const res = await call("GET", `${crm}sends/?item_type=${type}&item_id=${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; vendor: string; status: string; attempts: number; last_error: string | null; trigger: string; records: { object_type: string; id: string; url: string | null; change: string }[]; next_attempt_at: string | null }[];
};
async function person(firstName: string): Promise<Person> {
  const u = await createUser(t.db, { firstName });
  return { id: u.id, email: u.email, token: await login(t.app, u.email, u.password) };
}
const seenSince = (n: number) => peer.seen.slice(n);

beforeAll(async () => {
  peer = await startCrmPeer();
  t = await startTestApp({
    publicUrl: PUBLIC_URL, jobsIntervalSeconds: 0, loginMaxAttempts: 100,
    crm: { hubspotApiBase: `${peer.base}/hubspot`, zohoAccountsBase: `${peer.base}/zoho-accounts`, zohoApiBase: `${peer.base}/zoho-api`, retryBaseMs: 50, maxRetryAfterMs: 5_000 },
  });
  [owner, admin, member, otherOwner] = await Promise.all(["Asha", "Arjun", "Divya", "Other"].map(person));
  const mk = async (who: Person, name: string) => {
    const res = await call("POST", "/api/team/", who, { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  teamId = await mk(owner, "Menon Cement BD");
  otherTeamId = await mk(otherOwner, "Rival Steel");
  await t.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'admin'), ($1, $3, 'member')`, [teamId, admin.id, member.id]);
  const co = await makeCompany(t.db, "Lodha Developers Pvt Ltd");
  companyId = co.id;
  await t.db.query(`UPDATE companies SET cin = $2, website = 'https://www.lodhagroup.in/about', city = 'Mumbai', state = 'Maharashtra' WHERE id = $1`, [companyId, CIN]);
  projectId = await makeProject(t.db, { title: "Lodha Park Tower 4", ownerCompanyId: companyId, value: 4.5e9, city: "Mumbai", state: "Maharashtra" });
  unlocked = await makeContact(t.db, { companyId, name: "Priya Nair", email: "priya.nair@lodhagroup.in", phone: "+919820012345", designation: "Head of Procurement" });
  locked = await makeContact(t.db, { companyId, name: "Secret Person", email: "hidden.person@lodhagroup.in", phone: "+919820099999" });
  await linkContact(t.db, projectId, unlocked.id);
  await linkContact(t.db, projectId, locked.id);
  // The team unlocked Priya (a teammate spent the pool): every member may send her.
  await t.db.query(`INSERT INTO unlocks (user_id, team_id, item_type, item_id, credits) VALUES ($1, $2, 'contact', $3, 1)`, [member.id, teamId, unlocked.id]);
  tenderId = (await t.db.query<{ id: number }>(`INSERT INTO tenders (title, org_name, value, closing_date, state) VALUES ('Supply of OPC cement, 20,000 MT', 'Public Works Department Maharashtra', 12500000, now() + interval '20 days', 'Maharashtra') RETURNING id`)).rows[0].id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe("connecting HubSpot", () => {
  it("is for owners and admins: a plain member is 403, and someone in no team 404", async () => {
    expect((await call("PUT", `${crm}hubspot/`, member, { token: peer.hubspot.token })).statusCode).toBe(403);
    expect((await call("GET", crm, member)).statusCode).toBe(403);
    const loner = await person("Lone");
    expect((await call("GET", crm, loner)).statusCode).toBe(404);
  });

  it("checks the token with HubSpot first: a refused one is a 400 and nothing is kept", async () => {
    const n = peer.seen.length;
    const res = await call("PUT", `${crm}hubspot/`, admin, { token: "pat-na1-wrong-token-0000" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toMatch(/HubSpot refused the private app token/);
    const tried = seenSince(n)[0];
    expect([tried.method, tried.path, tried.authorization]).toEqual(["GET", "/hubspot/crm/v3/objects/contacts", "Bearer pat-na1-wrong-token-0000"]);
    expect((await call("GET", crm, admin)).json()).toEqual({ connections: [] });
  });

  it("connects with a private app token (Bearer), answers only its hint, and stores it sealed", async () => {
    const n = peer.seen.length;
    const res = await call("PUT", `${crm}hubspot/`, admin, { token: peer.hubspot.token, mapping: { cin_property: "cin_number" } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      vendor: "hubspot", secret_hint: "…cdef", needs_reauth: false, last_error: null, auto_on_shortlist: false, connected_by_name: "Arjun",
      mapping: { id_property: "infrascout_id", cin_property: "cin_number", deal_pipeline: "default", deal_stage: "appointmentscheduled" },
    });
    expect(seenSince(n).map((s) => `${s.method} ${s.path} ${s.authorization}`)).toEqual([
      `GET /hubspot/crm/v3/objects/contacts Bearer ${peer.hubspot.token}`,
      `GET /hubspot/account-info/v3/details Bearer ${peer.hubspot.token}`,
    ]);
    const stored = (await t.db.query<{ secrets_enc: string }>(`SELECT secrets_enc FROM crm_connections WHERE team_id = $1`, [teamId])).rows[0].secrets_enc;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(peer.hubspot.token);
  });
});

describe("sending a lead to HubSpot", () => {
  let first: Awaited<ReturnType<typeof sends>>[number];

  it("queues a send for any member, then creates the company, the unlocked contact and a deal, associated together", async () => {
    const res = await send(member, "project", projectId);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().sends).toMatchObject([{ vendor: "hubspot", status: "pending", item_type: "project", item_id: projectId, trigger: "manual", requested_by_name: "Divya" }]);
    const n = peer.seen.length;
    expect(await runCrmSyncOnce(t.app)).toMatchObject({ ran: true, sent: 1 });
    const calls = seenSince(n);
    for (const c of calls) {
      expect(c.authorization).toBe(`Bearer ${peer.hubspot.token}`);
      if (c.method !== "GET" && c.method !== "PUT") expect(c.contentType).toMatch(/^application\/json/);
    }
    const hs = peer.hubspot.records;
    expect(hs.companies).toHaveLength(1);
    expect(hs.companies[0].properties).toMatchObject({ name: "Lodha Developers Pvt Ltd", domain: "lodhagroup.in", cin_number: CIN, infrascout_id: `company:${companyId}`, city: "Mumbai" });
    expect(hs.contacts).toHaveLength(1);
    expect(hs.contacts[0].properties).toMatchObject({ email: "priya.nair@lodhagroup.in", firstname: "Priya", lastname: "Nair", phone: "+919820012345", jobtitle: "Head of Procurement", infrascout_id: `contact:${unlocked.id}` });
    expect(hs.deals).toHaveLength(1);
    expect(hs.deals[0].properties).toMatchObject({ dealname: "Lodha Park Tower 4", amount: 4.5e9, pipeline: "default", dealstage: "appointmentscheduled", infrascout_id: `project:${projectId}` });
    expect(hs.deals[0].properties.description).toContain(`${PUBLIC_URL}/private-leads/detail/${projectId}`);
    const [co, ct, dl] = [hs.companies[0].id, hs.contacts[0].id, hs.deals[0].id];
    expect([...peer.hubspot.associations].sort()).toEqual([`contacts:${ct}->companies:${co}`, `deals:${dl}->companies:${co}`, `deals:${dl}->contacts:${ct}`].sort());
    // the contact went through the documented batch upsert keyed by e-mail
    const upsert = calls.find((c) => c.path === "/hubspot/crm/v3/objects/contacts/batch/upsert")!;
    expect(upsert.body.inputs).toEqual([{ idProperty: "email", id: "priya.nair@lodhagroup.in", properties: expect.any(Object) }]);
    const search = calls.find((c) => c.path === "/hubspot/crm/v3/objects/companies/search")!;
    expect(search.body.filterGroups[0]).toEqual({ filters: [{ propertyName: "infrascout_id", operator: "EQ", value: `company:${companyId}` }] });
    // the locked contact's e-mail and phone never left
    for (const c of calls) expect(c.raw).not.toMatch(/hidden\.person|9820099999|Secret Person/);
    [first] = await sends(member, "project", projectId);
    expect(first).toMatchObject({ status: "sent", attempts: 1, last_error: "1 contact(s) not sent: not unlocked by your team." });
    expect(first.records.map((r) => [r.object_type, r.id, r.change])).toEqual([["company", co, "created"], ["contact", ct, "created"], ["deal", dl, "created"]]);
    expect(first.records[2].url).toBe(`https://app.hubspot.com/contacts/62515/record/0-3/${dl}`);
  });

  it("a second send updates the same records and duplicates nothing (even before HubSpot's search finds them)", async () => {
    expect((await send(owner, "project", projectId)).statusCode).toBe(202);
    const n = peer.seen.length;
    expect(await runCrmSyncOnce(t.app)).toMatchObject({ sent: 1 });
    const hs = peer.hubspot.records;
    expect([hs.companies.length, hs.contacts.length, hs.deals.length]).toEqual([1, 1, 1]);
    expect(seenSince(n).filter((c) => c.method === "POST" && /objects\/(companies|deals)$/.test(c.path))).toEqual([]);
    const deal = seenSince(n).find((c) => c.method === "PATCH" && c.path.includes("/deals/"))!;
    expect(deal.body.properties).not.toHaveProperty("dealstage"); // the sales team's stage is kept
    const [second] = await sends(owner, "project", projectId);
    expect(second.records.map((r) => [r.id, r.change])).toEqual(first.records.map((r) => [r.id, "updated"]));
  });

  it("matches a company already in HubSpot by its CIN instead of creating another", async () => {
    const other = await makeCompany(t.db, "Shapoorji Pallonji and Co Pvt Ltd");
    await t.db.query(`UPDATE companies SET cin = 'U45200MH1943PTC003933' WHERE id = $1`, [other.id]);
    const existing = peer.hubspot.seed("companies", { name: "Shapoorji Pallonji", cin_number: "U45200MH1943PTC003933" });
    expect((await send(admin, "company", other.id)).statusCode).toBe(202);
    await runCrmSyncOnce(t.app);
    expect(peer.hubspot.records.companies.filter((c) => c.properties.cin_number === "U45200MH1943PTC003933").map((c) => c.id)).toEqual([existing]);
    const [s] = await sends(admin, "company", other.id);
    expect(s.records).toMatchObject([{ object_type: "company", id: existing, change: "updated" }]);
  });

  it("waits as a 429's Retry-After says, then sends", async () => {
    peer.hubspot.rateLimit(1, "2");
    expect((await send(admin, "tender", tenderId)).statusCode).toBe(202);
    const before = Date.now();
    expect(await runCrmSyncOnce(t.app)).toMatchObject({ sent: 0, retrying: 1 });
    const [waiting] = await sends(admin, "tender", tenderId);
    expect(waiting.status).toBe("pending");
    expect(waiting.last_error).toMatch(/HubSpot asked us to slow down \(429\): You have reached your secondly limit/);
    const wait = Date.parse(waiting.next_attempt_at!) - before;
    expect(wait).toBeGreaterThanOrEqual(1900);
    expect(wait).toBeLessThan(4000);
    expect(await runCrmSyncOnce(t.app)).toMatchObject({ ran: false }); // not due yet
    expect(await runCrmSyncOnce(t.app, new Date(Date.now() + 3000))).toMatchObject({ sent: 1 });
    const [done] = await sends(admin, "tender", tenderId);
    expect(done).toMatchObject({ status: "sent", attempts: 2 });
    expect(peer.hubspot.records.deals.find((d) => d.properties.infrascout_id === `tender:${tenderId}`)?.properties.dealname).toBe("Supply of OPC cement, 20,000 MT");
  });
});

describe("contacts", () => {
  it("a locked contact cannot be sent; an unlocked one can", async () => {
    const res = await send(member, "contact", locked.id);
    expect([res.statusCode, res.json()]).toEqual([403, { detail: LOCKED_CONTACT }]);
    expect((await send(member, "contact", unlocked.id)).statusCode).toBe(202);
    await runCrmSyncOnce(t.app);
    expect(peer.hubspot.records.contacts).toHaveLength(1);
    expect((await send(member, "contact", 99_999_999)).statusCode).toBe(404);
  });
});

describe("sending on shortlist", () => {
  it("queues a send when a member shortlists a lead, once switched on", async () => {
    const lead = await makeProject(t.db, { title: "Godrej Riverside Phase 2" });
    expect((await call("POST", `/api/work/${lead}/mark/`, member, { mark: "shortlisted" })).statusCode).toBe(200);
    expect(await sends(member, "project", lead)).toEqual([]);
    expect((await call("PUT", `${crm}hubspot/`, admin, { auto_on_shortlist: true })).json()).toMatchObject({ auto_on_shortlist: true, secret_hint: "…cdef" });
    const other = await makeProject(t.db, { title: "Godrej Riverside Phase 3" });
    expect((await call("POST", `/api/work/${other}/mark/`, member, { mark: "shortlisted" })).statusCode).toBe(200);
    expect(await sends(member, "project", other)).toMatchObject([{ status: "pending", trigger: "shortlist" }]);
    await runCrmSyncOnce(t.app);
    expect((await sends(member, "project", other))[0].status).toBe("sent");
  });
});

describe("a revoked HubSpot token", () => {
  it("fails the send plainly and marks the connection as needing a new token", async () => {
    const good = peer.hubspot.token;
    peer.hubspot.token = "pat-na1-rotated-99999999";
    expect((await send(admin, "project", projectId)).statusCode).toBe(202);
    expect(await runCrmSyncOnce(t.app)).toMatchObject({ failed: 1 });
    expect((await sends(admin, "project", projectId))[0]).toMatchObject({ status: "failed", last_error: REAUTH_MESSAGE.hubspot });
    expect((await call("GET", crm, admin)).json().connections[0]).toMatchObject({ vendor: "hubspot", needs_reauth: true, last_error: REAUTH_MESSAGE.hubspot });
    // a new token clears it
    peer.hubspot.token = good;
    const res = await call("PUT", `${crm}hubspot/`, admin, { token: good });
    expect(res.json()).toMatchObject({ needs_reauth: false, last_error: null });
    expect((await call("POST", `${crm}hubspot/test/`, admin)).json()).toMatchObject({ ok: true, error: null });
  });
});

describe("Zoho CRM", () => {
  const zohoBody = () => ({ client_id: peer.zoho.clientId, client_secret: peer.zoho.clientSecret, refresh_token: peer.zoho.refreshToken, data_centre: "in" });

  it("refuses a refresh token Zoho does not take (400), and connects with a good one", async () => {
    const bad = await call("PUT", `${crm}zoho/`, owner, { ...zohoBody(), refresh_token: "1000.refresh.not-valid-anymore" });
    expect(bad.statusCode, bad.body).toBe(400);
    expect((await call("PUT", `${crm}zoho/`, owner, { ...zohoBody(), data_centre: "mars" })).statusCode).toBe(400);
    const n = peer.seen.length;
    const res = await call("PUT", `${crm}zoho/`, owner, zohoBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ vendor: "zoho", client_id: peer.zoho.clientId, data_centre: "in", secret_hint: "…cdef", mapping: { id_field: "InfraScout_ID", cin_field: "CIN", deal_module: "Deals", deal_stage: "Qualification" } });
    const [token, org] = seenSince(n);
    expect([token.method, token.path, token.body]).toEqual(["POST", "/zoho-accounts/oauth/v2/token", null]);
    expect(Object.fromEntries(token.query)).toEqual({ refresh_token: peer.zoho.refreshToken, client_id: peer.zoho.clientId, client_secret: peer.zoho.clientSecret, grant_type: "refresh_token" });
    expect([org.method, org.path, org.authorization]).toEqual(["GET", "/zoho-api/crm/v6/org", `Zoho-oauthtoken ${peer.zoho.tokensIssued.at(-1)}`]);
  });

  it("sends a lead to both CRMs: Zoho gets the Account, the Contact and a Deal linked by lookups, upserted on our id", async () => {
    const res = await send(member, "project", projectId);
    expect(res.json().sends.map((s: { vendor: string }) => s.vendor)).toEqual(["hubspot", "zoho"]);
    const n = peer.seen.length;
    expect(await runCrmSyncOnce(t.app)).toMatchObject({ sent: 2 });
    const z = seenSince(n).filter((c) => c.path.startsWith("/zoho-api/"));
    expect(z.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /zoho-api/crm/v6/Accounts/upsert", "POST /zoho-api/crm/v6/Contacts/upsert", "POST /zoho-api/crm/v6/Deals/upsert"]);
    for (const c of z) expect(c.authorization).toMatch(/^Zoho-oauthtoken 1000\.access/);
    expect(z[0].body).toEqual({ data: [{ Account_Name: "Lodha Developers Pvt Ltd", Website: "lodhagroup.in", Billing_City: "Mumbai", Billing_State: "Maharashtra", InfraScout_ID: `company:${companyId}`, CIN }], duplicate_check_fields: ["InfraScout_ID", "CIN", "Account_Name"] });
    const account = peer.zoho.records.Accounts[0].id;
    const contact = peer.zoho.records.Contacts[0].id;
    expect(z[1].body).toEqual({ data: [{ First_Name: "Priya", Last_Name: "Nair", Email: "priya.nair@lodhagroup.in", Phone: "+919820012345", Title: "Head of Procurement", Account_Name: { id: account }, InfraScout_ID: `contact:${unlocked.id}` }], duplicate_check_fields: ["Email", "InfraScout_ID"] });
    expect(z[2].body.duplicate_check_fields).toEqual(["InfraScout_ID"]);
    expect(z[2].body.data[0]).toMatchObject({ Deal_Name: "Lodha Park Tower 4", Stage: "Qualification", Amount: 4.5e9, Account_Name: { id: account }, Contact_Name: { id: contact }, InfraScout_ID: `project:${projectId}` });
    for (const c of z) expect(c.raw).not.toMatch(/hidden\.person|9820099999/);
    const zs = (await sends(member, "project", projectId)).find((s) => s.vendor === "zoho")!;
    expect(zs.records.map((r) => [r.object_type, r.change])).toEqual([["company", "created"], ["contact", "created"], ["deal", "created"]]);
    expect(zs.records[0].url).toBe(`https://crm.zoho.in/crm/tab/Accounts/${account}`);
  });

  it("a second send updates the same Zoho records (no duplicates) and keeps the deal's stage", async () => {
    const tokensBefore = peer.zoho.tokensIssued.length;
    await send(member, "project", projectId);
    const n = peer.seen.length;
    expect(await runCrmSyncOnce(t.app)).toMatchObject({ sent: 2 });
    expect([peer.zoho.records.Accounts.length, peer.zoho.records.Contacts.length, peer.zoho.records.Deals.length]).toEqual([1, 1, 1]);
    expect(peer.zoho.tokensIssued.length).toBe(tokensBefore); // the cached access token was used
    const deal = seenSince(n).find((c) => c.path === "/zoho-api/crm/v6/Deals/upsert")!;
    expect(deal.body.data[0]).not.toHaveProperty("Stage");
    const zs = (await sends(member, "project", projectId)).find((s) => s.vendor === "zoho")!;
    expect(zs.records.map((r) => r.change)).toEqual(["updated", "updated", "updated"]);
  });

  it("refreshes an expired access token once on 401 INVALID_TOKEN, then sends", async () => {
    peer.zoho.expireTokens();
    const tokensBefore = peer.zoho.tokensIssued.length;
    await send(member, "company", companyId);
    const n = peer.seen.length;
    expect(await runCrmSyncOnce(t.app)).toMatchObject({ sent: 2 });
    const z = seenSince(n).filter((c) => c.path.startsWith("/zoho"));
    expect(z.slice(0, 3).map((c) => `${c.method} ${c.path}`)).toEqual(["POST /zoho-api/crm/v6/Accounts/upsert", "POST /zoho-accounts/oauth/v2/token", "POST /zoho-api/crm/v6/Accounts/upsert"]);
    expect(peer.zoho.tokensIssued.length).toBe(tokensBefore + 1);
    expect(z[2].authorization).toBe(`Zoho-oauthtoken ${peer.zoho.tokensIssued.at(-1)}`);
    expect(peer.zoho.records.Accounts).toHaveLength(1);
  });

  it("backs off on a 429 without Retry-After, then sends", async () => {
    peer.zoho.rateLimit(1, null);
    await send(owner, "tender", tenderId);
    const r1 = await runCrmSyncOnce(t.app);
    expect(r1).toMatchObject({ sent: 1, retrying: 1 });
    const z = (await sends(owner, "tender", tenderId)).find((s) => s.vendor === "zoho")!;
    expect(z).toMatchObject({ status: "pending" });
    expect(z.last_error).toMatch(/Zoho asked us to slow down \(429\)/);
    expect(await runCrmSyncOnce(t.app, new Date(Date.now() + 1000))).toMatchObject({ sent: 1 });
    expect(peer.zoho.records.Deals.find((d) => d.fields.InfraScout_ID === `tender:${tenderId}`)?.fields).toMatchObject({ Deal_Name: "Supply of OPC cement, 20,000 MT", Account_Name: expect.any(Object) });
  });
});

describe("other teams", () => {
  it("see none of it: their list is empty, the vendor is 404 for them, sends are theirs only, and they have no CRM to send to", async () => {
    expect((await call("GET", crm, otherOwner)).json()).toEqual({ connections: [] });
    expect((await call("DELETE", `${crm}hubspot/`, otherOwner)).statusCode).toBe(404);
    expect((await call("POST", `${crm}hubspot/test/`, otherOwner)).statusCode).toBe(404);
    expect(await sends(otherOwner, "project", projectId)).toEqual([]);
    const res = await send(otherOwner, "project", projectId);
    expect([res.statusCode, res.json()]).toEqual([409, { detail: NO_CRM }]);
    expect((await call("GET", `${crm}status/`, otherOwner)).json()).toEqual({ connected: [], can_manage: true });
    expect((await call("GET", `${crm}status/`, member)).json()).toEqual({ connected: ["hubspot", "zoho"], can_manage: false });
    expect(otherTeamId).not.toBe(teamId);
  });
});

describe("disconnecting, secrets and the audit log", () => {
  it("disconnects (members 403), never answered a secret, and logged every step", async () => {
    expect((await call("DELETE", `${crm}zoho/`, member)).statusCode).toBe(403);
    expect((await call("DELETE", `${crm}zoho/`, admin)).statusCode).toBe(204);
    expect((await call("GET", crm, admin)).json().connections.map((c: { vendor: string }) => c.vendor)).toEqual(["hubspot"]);
    const secrets = [peer.hubspot.token, peer.zoho.clientSecret, peer.zoho.refreshToken, ...peer.zoho.tokensIssued];
    for (const body of bodies) for (const s of secrets) expect(body).not.toContain(s);
    const { rows } = await t.db.query<{ action: string; n: number }>(`SELECT action, count(*)::int AS n FROM audit_log WHERE action LIKE 'crm_%' GROUP BY action ORDER BY action`);
    expect(Object.fromEntries(rows.map((r) => [r.action, r.n]))).toMatchObject({ crm_connected: 2, crm_updated: 2, crm_disconnected: 1, crm_tested: 1, crm_send_requested: expect.any(Number) });
    const details = (await t.db.query<{ details: string }>(`SELECT details::text AS details FROM audit_log WHERE action LIKE 'crm_%'`)).rows.map((r) => r.details).join("\n");
    for (const s of secrets) expect(details).not.toContain(s);
  });
});
