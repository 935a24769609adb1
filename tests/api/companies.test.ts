// Builders: the lister (text on name and CIN, facets, ranges, show_unlocked), one company's
// details, stats, contacts (masked until unlocked, sources, seniority, quality), contacts
// history, financial data, director info and the typo-tolerant lookups — with bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_UNLOCK_COST } from "../../common/companies.js";
import { startTestApp, type TestContext } from "./harness.js";
import { company, director, financial, tenderResult } from "./company-fixture.js";
import { api, makeContact, makeProject, staff, subscriber, type Session } from "./lead-fixture.js";

let t: TestContext;
let a: ReturnType<typeof api>;
let sub: Session;
let other: Session;
let staffer: Session;
let sahyadri: { id: number; name: string; cin: string | null };
let kaveri: { id: number; name: string; cin: string | null };
let small: { id: number; name: string; cin: string | null };
let md: { id: number; phone: string | null; email: string | null };
let exec: { id: number; phone: string | null; email: string | null };
let web: { id: number; phone: string | null; email: string | null };

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  sub = await subscriber(t, { credits: 20 });
  other = await subscriber(t, { credits: 20 });
  staffer = await staff(t);
  sahyadri = await company(t.db, { name: "M/s Sahyadri Buildcon Pvt. Ltd.", cin: "U45200MH2007PTC171234", type: "Builder", state: "Maharashtra", city: "Pune", paidUp: 25e7, employees: "201-500" });
  kaveri = await company(t.db, { name: "Kaveri Roadways Ltd", cin: "L45203KA1995PLC018765", type: "Contractor", state: "Karnataka", city: "Mysuru", paidUp: 4e6, employees: "11-50" });
  small = await company(t.db, { name: "Narmada Precast Concrete LLP", cin: null, type: "Manufacturer", industry: "Cement", state: "Gujarat", city: "Vadodara", paidUp: null, employees: null });
  md = await makeContact(t.db, { companyId: sahyadri.id, name: "Anil Deshmukh", designation: "Managing Director", seniority: "CXO/MD/Director/Proprietor", phone: "+919822012345", email: "anil@sahyadri.in", source: "telephone", score: 95 });
  exec = await makeContact(t.db, { companyId: sahyadri.id, name: "Pooja Kulkarni", designation: "Purchase Executive", seniority: "Executive or equivalent", phone: "+919822054321", email: "pooja@sahyadri.in", source: "internet", score: 70 });
  web = await makeContact(t.db, { companyId: sahyadri.id, name: "Rahul Patil", designation: "General Manager Projects", seniority: "General Manager", source: "official_govt_website", score: 71 });
  await makeProject(t.db, { ownerCompanyId: sahyadri.id, status: "Planning", sector: "Real Estate", value: 30e7 });
  await makeProject(t.db, { ownerCompanyId: sahyadri.id, status: "Under Construction", sector: "Real Estate", value: 20e7 });
  await makeProject(t.db, { contractorCompanyId: sahyadri.id, status: "Planning", sector: "Healthcare", value: null });
  await tenderResult(t.db, { value: 10e7, bids: [{ companyId: sahyadri.id, bid: 9e7, rank: 1 }, { companyId: kaveri.id, bid: 9.5e7, rank: 2 }] });
  await tenderResult(t.db, { value: 5e7, bids: [{ companyId: kaveri.id, bid: 4.5e7, rank: 1 }, { companyId: sahyadri.id, bid: 4.8e7, rank: 2 }] });
}, 60_000);
afterAll(() => t?.close());

describe("list/company/search/", () => {
  it("finds companies by name words and by CIN, with counts and this user's unlock", async () => {
    const byName = await a.get(`/api/list/company/search/?q=sahyadri`, sub);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().results.map((r: { id: number }) => r.id)).toEqual([sahyadri.id]);
    const row = byName.json().results[0];
    expect(row).toMatchObject({ name: sahyadri.name, cin: "U45200MH2007PTC171234", company_type: "Builder", state: "Maharashtra", city: "Pune",
      capital_band: "10 - 100 Crore", paid_up_capital: 25e7, contact_count: 3, project_count: 3, is_unlocked: false, employee_band: "201-500" });
    const byCin = await a.get(`/api/list/company/search/?q=l45203ka1995plc018765`, sub);
    expect(byCin.json().results.map((r: { id: number }) => r.id)).toEqual([kaveri.id]);
  });

  it("answers facets with counts, each without its own filter", async () => {
    const res = await a.get(`/api/list/company/search/facets/?filter=state:Karnataka`, sub);
    expect(res.statusCode).toBe(200);
    const f = res.json().facets;
    expect(f.state).toEqual(expect.arrayContaining([{ text: "Maharashtra", count: 1 }, { text: "Karnataka", count: 1 }, { text: "Gujarat", count: 1 }]));
    expect(f.company_type).toEqual([{ text: "Contractor", count: 1 }]);
    expect(f.capital_band).toEqual([{ text: "10 Lakh - 1 Crore", count: 1 }]);
    expect(Object.keys(f).sort()).toEqual(["capital_band", "city", "company_status", "company_type", "employee_band", "industry", "state"]);
  });

  it("filters by facet and capital range, and sorts by paid-up capital", async () => {
    const types = await a.get(`/api/list/company/search/?filter=company_type:Builder&filter=company_type:Contractor&sort=paid_up_capital%20asc`, sub);
    expect(types.json().results.map((r: { id: number }) => r.id)).toEqual([kaveri.id, sahyadri.id]);
    const range = await a.get(`/api/list/company/search/?filter=${encodeURIComponent("paid_up_capital:[1000000 TO 50000000]")}`, sub);
    expect(range.json()).toMatchObject({ count: 1, results: [{ id: kaveri.id }] });
  });

  it("refuses an unknown filter field or sort with a field message, and needs a signed-in subscriber", async () => {
    const bad = await a.get(`/api/list/company/search/?filter=colour:red`, sub);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["filter"]);
    expect((await a.get(`/api/list/company/search/?sort=name%20sideways`, sub)).statusCode).toBe(400);
    expect((await a.get(`/api/list/company/search/`, null)).statusCode).toBe(401);
    const expired = await subscriber(t, { endDate: "2020-01-01" });
    expect((await a.get(`/api/list/company/search/`, expired)).statusCode).toBe(403);
  });
});

describe("company/details/{id}/ and stats", () => {
  it("answers the company with contact counts, unlock cost and tracking, and records the view", async () => {
    const res = await a.get(`/api/company/details/${sahyadri.id}/`, sub);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: sahyadri.id, name: sahyadri.name, contact_count: 3, high_quality_contact_count: 2, is_unlocked: false,
      unlocked_at: null, unlock_cost: COMPANY_UNLOCK_COST, is_tracked_competitor: false, incorporation_date: "2010-05-12", paid_up_capital: 25e7 });
    const viewed = await t.db.query(`SELECT 1 FROM recently_viewed WHERE user_id = $1 AND item_type = 'company' AND item_id = $2`, [sub.user.id, sahyadri.id]);
    expect(viewed.rows).toHaveLength(1);
  });

  it("404s an unknown company and 400s a malformed id on every company route", async () => {
    for (const path of ["details/999999/", "details/999999/stats/", "details/999999/contacts/", "details/999999/contacts-history", "financial_data/999999"]) {
      const res = await a.get(`/api/company/${path}`, sub);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ detail: "Company not found." });
    }
    expect((await a.get(`/api/company/details/abc/`, sub)).statusCode).toBe(400);
  });

  it("counts projects by role, status and sector, and tenders bid and won", async () => {
    const res = await a.get(`/api/company/details/${sahyadri.id}/stats/`, sub);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.projects.total).toBe(3);
    expect(s.projects.total_value).toBe(50e7);
    expect(s.projects.by_status).toEqual([{ text: "Planning", count: 2, value: 30e7 }, { text: "Under Construction", count: 1, value: 20e7 }]);
    expect(s.projects.by_sector).toEqual([{ text: "Real Estate", count: 2, value: 50e7 }, { text: "Healthcare", count: 1, value: 0 }]);
    expect(s.projects.by_role).toEqual([{ text: "Owner", count: 2, value: 50e7 }, { text: "Contractor", count: 1, value: 0 }]);
    expect(s.tenders).toEqual({ bid: 2, won: 1, win_rate: 0.5, won_value: 9e7 });
    expect(s.total_value).toBe(59e7);
  });
});

describe("company/details/{id}/contacts/", () => {
  it("lists contacts most senior first with source labels and the quality badge, phone and e-mail masked", async () => {
    const res = await a.get(`/api/company/details/${sahyadri.id}/contacts/`, sub);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 3, page: 1, company_unlocked: false });
    expect(body.results.map((c: { id: number }) => c.id)).toEqual([md.id, web.id, exec.id]);
    expect(body.results[0]).toMatchObject({ source: "telephone", source_label: "Telephone Call", is_high_quality: true, is_unlocked: false, phone: "+91 98XXX XXX45", email: "a****@sahyadri.in" });
    expect(body.results[2]).toMatchObject({ contact_fuzz_score: 70, is_high_quality: false, source_label: "Found on the Internet" });
    expect(body.results[1]).toMatchObject({ contact_fuzz_score: 71, is_high_quality: true, source_label: "Official Government Website" });
    expect(JSON.stringify(body)).not.toContain("9822012345");
    expect(body.sources).toEqual([
      { value: "telephone", label: "Telephone Call", count: 1 },
      { value: "internet", label: "Found on the Internet", count: 1 },
      { value: "official_govt_website", label: "Official Government Website", count: 1 },
    ]);
  });

  it("narrows by source_q, seniority and query text; refuses an unknown source", async () => {
    const src = await a.get(`/api/company/details/${sahyadri.id}/contacts/?source_q=internet,official_govt_website`, sub);
    expect(src.json().results.map((c: { id: number }) => c.id)).toEqual([web.id, exec.id]);
    const sen = await a.get(`/api/company/details/${sahyadri.id}/contacts/?seniority=${encodeURIComponent("General Manager")}`, sub);
    expect(sen.json().results.map((c: { id: number }) => c.id)).toEqual([web.id]);
    const q = await a.get(`/api/company/details/${sahyadri.id}/contacts/?query=purchase`, sub);
    expect(q.json().results.map((c: { id: number }) => c.id)).toEqual([exec.id]);
    // E-mails are not searched: a match would reveal a masked address.
    expect((await a.get(`/api/company/details/${sahyadri.id}/contacts/?query=pooja@`, sub)).json().count).toBe(0);
    const bad = await a.get(`/api/company/details/${sahyadri.id}/contacts/?source_q=newspaper`, sub);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ source_q: ["Must be one of: telephone, internet, official_govt_website."] });
    expect((await a.get(`/api/company/details/${sahyadri.id}/contacts/?seniority=Boss`, sub)).statusCode).toBe(400);
    expect((await a.get(`/api/company/details/${sahyadri.id}/contacts/?page=0`, sub)).statusCode).toBe(400);
  });

  it("shows a contact this user unlocked in full, and staff see every contact", async () => {
    const unlock = await a.post(`/api/user-unlock-contact/`, other, { contact_id: exec.id });
    expect(unlock.statusCode).toBe(200);
    const mine = (await a.get(`/api/company/details/${sahyadri.id}/contacts/`, other)).json().results;
    expect(mine.find((c: { id: number }) => c.id === exec.id)).toMatchObject({ phone: exec.phone, email: exec.email, is_unlocked: true });
    expect(mine.find((c: { id: number }) => c.id === md.id)).toMatchObject({ is_unlocked: false });
    // ...and only to that user.
    const theirs = (await a.get(`/api/company/details/${sahyadri.id}/contacts/`, sub)).json().results;
    expect(theirs.find((c: { id: number }) => c.id === exec.id)).toMatchObject({ is_unlocked: false });
    const staffView = (await a.get(`/api/company/details/${sahyadri.id}/contacts/`, staffer)).json().results;
    expect(staffView.every((c: { is_unlocked: boolean }) => c.is_unlocked)).toBe(true);
  });

  it("contacts history masks phone and e-mail until unlocked", async () => {
    await t.db.query(`INSERT INTO contact_history (contact_id, changed_by, changes) VALUES ($1, $2, $3)`, [
      md.id, staffer.user.id, JSON.stringify({ phone: ["+919800000011", md.phone], designation: ["Director", "Managing Director"] }),
    ]);
    const res = await a.get(`/api/company/details/${sahyadri.id}/contacts-history`, sub);
    expect(res.statusCode).toBe(200);
    const [row] = res.json().results;
    expect(row).toMatchObject({ contact_id: md.id, contact_name: "Anil Deshmukh", changed_by: "Sunita" });
    expect(row.changes.designation).toEqual(["Director", "Managing Director"]);
    expect(JSON.stringify(row.changes)).not.toContain("9822012345");
    const staffRow = (await a.get(`/api/company/details/${sahyadri.id}/contacts-history`, staffer)).json().results[0];
    expect(staffRow.changes.phone).toEqual(["+919800000011", md.phone]);
  });
});

describe("company/financial_data/{companyId}", () => {
  it("answers revenue, profit, net worth and borrowings by fiscal year, oldest first, with ratios", async () => {
    await financial(t.db, sahyadri.id, "2023-24", { revenue: 120e7, profit: 12e7, netWorth: 60e7, borrowings: 30e7 });
    await financial(t.db, sahyadri.id, "2022-23", { revenue: 100e7, profit: -5e7, netWorth: 0, borrowings: 10e7 });
    const res = await a.get(`/api/company/financial_data/${sahyadri.id}`, sub);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      company: { id: sahyadri.id, name: sahyadri.name, cin: sahyadri.cin },
      results: [
        { fiscal_year: "2022-23", revenue: 100e7, profit: -5e7, net_worth: 0, borrowings: 10e7, profit_margin: -0.05, debt_to_equity: null },
        { fiscal_year: "2023-24", revenue: 120e7, profit: 12e7, net_worth: 60e7, borrowings: 30e7, profit_margin: 0.1, debt_to_equity: 0.5 },
      ],
    });
    expect((await a.get(`/api/company/financial_data/${kaveri.id}`, sub)).json().results).toEqual([]);
  });
});

describe("company/get_company_director_info/", () => {
  it("by CIN: the directors with their other companies; by DIN: all the director's companies", async () => {
    await director(t.db, sahyadri.id, "01234567", "ANIL DESHMUKH", "Managing Director", "2007-06-01");
    await director(t.db, sahyadri.id, "07654321", "SUNIL JOSHI", "Director", "2012-01-15");
    await director(t.db, kaveri.id, "01234567", "ANIL DESHMUKH", "Additional Director", "2019-03-10");
    const res = await a.get(`/api/company/get_company_director_info/?cin=u45200mh2007ptc171234`, sub);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ cin: "U45200MH2007PTC171234", din: null, company: { id: sahyadri.id, cin: "U45200MH2007PTC171234" } });
    expect(body.directors).toEqual([
      { din: "01234567", name: "ANIL DESHMUKH", designation: "Managing Director", appointment_date: "2007-06-01", cessation_date: null,
        other_companies: [{ id: kaveri.id, name: kaveri.name, cin: kaveri.cin, designation: "Additional Director", appointment_date: "2019-03-10", cessation_date: null }] },
      { din: "07654321", name: "SUNIL JOSHI", designation: "Director", appointment_date: "2012-01-15", cessation_date: null, other_companies: [] },
    ]);
    const byDin = await a.get(`/api/company/get_company_director_info/?din=01234567`, sub);
    expect(byDin.statusCode).toBe(200);
    expect(byDin.json().company).toBeNull();
    expect(byDin.json().directors[0]).toMatchObject({ din: "01234567", designation: "Additional Director" });
    expect(byDin.json().directors[0].other_companies.map((c: { id: number }) => c.id)).toEqual([kaveri.id, sahyadri.id]);
  });

  it("400s a malformed CIN or DIN with a field message, 404s an unknown one", async () => {
    const badCin = await a.get(`/api/company/get_company_director_info/?cin=U45200MH07PTC1`, sub);
    expect(badCin.statusCode).toBe(400);
    expect(badCin.json()).toEqual({ cin: ["Enter a valid CIN: 21 characters such as U45200MH2007PTC123456."] });
    const badDin = await a.get(`/api/company/get_company_director_info/?din=12AB5678`, sub);
    expect(badDin.statusCode).toBe(400);
    expect(badDin.json()).toEqual({ din: ["Enter a valid DIN: 8 digits."] });
    expect((await a.get(`/api/company/get_company_director_info/`, sub)).json()).toEqual({ cin: ["Give a CIN or a DIN."] });
    expect((await a.get(`/api/company/get_company_director_info/?cin=U45200MH2007PTC171234&din=01234567`, sub)).statusCode).toBe(400);
    expect((await a.get(`/api/company/get_company_director_info/?cin=U99999DL2001PTC000001`, sub)).statusCode).toBe(404);
    expect((await a.get(`/api/company/get_company_director_info/?din=99999999`, sub)).statusCode).toBe(404);
  });
});

describe("typo-tolerant lookup", () => {
  it("suggest_company finds a misspelt name, a partial name and a CIN prefix", async () => {
    const typo = await a.get(`/api/company/suggest_company/?q=${encodeURIComponent("Sahyadri Biuldcon")}`, sub);
    expect(typo.statusCode).toBe(200);
    expect(typo.json().results[0]).toMatchObject({ id: sahyadri.id, cin: sahyadri.cin, city: "Pune" });
    const partial = await a.get(`/api/company/suggest_company/?q=kaver`, sub);
    expect(partial.json().results[0]).toMatchObject({ id: kaveri.id });
    const cin = await a.get(`/api/company/suggest_company/?q=L45203KA`, sub);
    expect(cin.json().results.map((r: { id: number }) => r.id)).toEqual([kaveri.id]);
    expect(cin.json().results[0].score).toBe(1);
    const none = await a.get(`/api/company/suggest_company/?q=zzqqxxww`, sub);
    expect(none.json().results).toEqual([]);
  });

  it("search_company_name_cin finds by legal name forms and CIN; a blank term is refused", async () => {
    const res = await a.get(`/api/company/search_company_name_cin/?search_term=${encodeURIComponent("NARMADA PRECAST CONCRETE")}`, sub);
    expect(res.json().results[0]).toMatchObject({ id: small.id, cin: null });
    const cin = await a.get(`/api/company/search_company_name_cin/?search_term=U45200MH2007PTC171234`, sub);
    expect(cin.json().results[0]).toMatchObject({ id: sahyadri.id });
    const blank = await a.get(`/api/company/search_company_name_cin/?search_term=%20%20`, sub);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ search_term: ["This field may not be blank."] });
    expect((await a.get(`/api/company/search_company_name_cin/`, sub)).json()).toEqual({ search_term: ["This field is required."] });
    expect((await a.get(`/api/company/suggest_company/?q=`, sub)).statusCode).toBe(400);
  });
});
