// The demo data as a buyer reads it through the API, signed in as the demo subscriber: a lead's
// type agrees with its title, it names people of several parties, carries documents with
// specifications and a dated history, its keywords fit the kind of project; tenders ship a real
// NIT PDF and BOQ workbook; companies' financials hold together; and a seed repeats exactly.
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SUBSCRIBER } from "../../server/ingest/demo-users.js";
import { CompanyGenerator, CompanyIndex, newCompanyBatches } from "../../server/ingest/gen-companies.js";
import { newProjectBatches, ProjectGenerator } from "../../server/ingest/gen-projects.js";
import { newTenderBatches, TenderGenerator } from "../../server/ingest/gen-tenders.js";
import { Rng } from "../../server/ingest/prng.js";
import { seedDemoData } from "../../server/ingest/seed.js";
import { bearer, login, startTestApp, type TestContext } from "./harness.js";
import { api } from "./lead-fixture.js";

const NOW = new Date("2026-03-10T00:00:00Z");
// Around today, so the live tenders are live for the API too.
const SIZE = { projects: 80, tenders: 120, companies: 110, seed: 16 };

/** Words a title of each type uses, written here apart from the generator's tables. */
const TYPE_WORDS: Record<string, RegExp> = {
  Apartments: /apartment|residential tower/i, "Residential Building": /residential|housing society/i, Villas: /villa/i, "Row Houses": /row house/i,
  Township: /township/i, "Affordable Housing": /affordable|EWS/i, "Office Building": /office/i, "IT Park": /IT park/i, Mall: /mall/i,
  "Commercial Complex": /commercial complex/i, "Mixed Use Development": /mixed-use/i, Hotel: /hotel/i, Resort: /resort/i, "Convention Centre": /convention/i,
  Hospital: /hospital/i, "Medical College": /medical college/i, "Diagnostic Centre": /diagnostic/i, School: /school/i, College: /college/i,
  "University Campus": /university/i, Hostel: /hostel/i, Road: /corridor|road|highway/i, Flyover: /flyover/i, Sewerage: /sewage/i,
  "Water Supply": /water treatment/i, Bridge: /bridge/i, "Metro Rail": /metro/i, Hypermarket: /hypermarket/i, Showroom: /showroom/i,
  "Grinding Unit": /grinding/i, "Clinker Unit": /clinker/i, "Cement Plant": /cement/i, "Steel Plant": /steel plant/i, "Rolling Mill": /rolling mill/i,
  "Pellet Plant": /pellet/i, "Sponge Iron Plant": /sponge iron/i, "API Unit": /\bAPI\b/, "Formulation Unit": /formulation/i, "R&D Centre": /R&D/,
  "Specialty Chemicals Unit": /specialty chemicals/i, "Chemical Plant": /chemical|caustic/i, "Dairy Plant": /dairy/i, "Food Processing Unit": /food processing/i,
  "Cold Storage": /cold storage/i, "Auto Component Unit": /auto component/i, "Automobile Plant": /vehicle/i, "EV Battery Plant": /battery/i,
  "Spinning Unit": /spinning/i, "Textile Mill": /textile/i, "Garment Factory": /garment/i, "Thermal Power Plant": /thermal/i, Substation: /substation/i,
  "Transmission Line": /transmission/i, Warehouse: /warehous/i, "Logistics Park": /logistics park/i, "Data Centre": /data centre/i,
  "Hyperscale Campus": /hyperscale/i, "Solar Power Plant": /solar/i, "Wind Farm": /wind/i, "Green Hydrogen": /hydrogen/i, Refinery: /refinery/i,
  "City Gas Distribution": /gas distribution/i, "Electronics Manufacturing": /electronics/i, "ATMP Unit": /semiconductor/i,
};
/** What a low-rise home, a school or a road never buys. */
const OUT_OF_PLACE: [RegExp, RegExp][] = [
  [/^(Villas|Row Houses|Affordable Housing|School|Hostel)$/, /chillers|escalators|facade glazing|bitumen/i],
  [/^(Road|Bridge|Flyover)$/, /sanitaryware|tiles|chillers|elevators/i],
  [/Plant|Unit|Mill|Warehouse|Refinery/, /sanitaryware|modular kitchens|swimming pool/i],
];
const ORDER = ["Planning", "Approval", "Tendering", "Awarded", "Under Construction", "Completed"];

let t: TestContext;
let a: ReturnType<typeof api>;
let me: { headers: Record<string, string> };
let leadIds: number[];
let tenderIds: number[];
/** Each lead as its pages read it: read once here, checked by every test below. */
interface Lead {
  p: { id: number; title: string; status: string; project_type: string[]; keywords: string[]; value: number | null; area_sq_ft: number | null };
  contacts: { role: string; designation: string | null }[];
  documents: unknown[];
  specs: unknown[];
  updates: { old_status: string | null; new_status: string; created_at: string }[];
}
let leads: Lead[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let tenderDetails: any[];

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  await seedDemoData(t.db, SIZE);
  me = { headers: bearer(await login(t.app, DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password)) };
  leadIds = await ids(`/api/list/search/?`, 80);
  tenderIds = await ids(`/api/list/tenders/search/?search_all_tenders=true&`, 120);
  leads = await Promise.all(
    leadIds.map(async (id) => {
      const [p, contacts, documents, specs, updates] = await Promise.all(
        ["", "contacts/", "documents/", "document-specs/", "status-update/"].map((page) => json(`/api/work/${id}/${page}`)),
      );
      return { p, contacts: contacts.results, documents: documents.results, specs: specs.results ?? [], updates: updates.results };
    }),
  );
  tenderDetails = await Promise.all(tenderIds.map((id) => json(`/api/tender/detail/${id}`)));
}, 120_000);
afterAll(() => t?.close());

/** Ids of the first `max` rows of a list, page by page as the web app asks. */
async function ids(url: string, max: number): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; out.length < max; page++) {
    const res = await a.get(`${url}page=${page}`, me);
    expect(res.statusCode, url).toBe(200);
    const rows: { id: number }[] = res.json().results;
    if (!rows.length) break;
    out.push(...rows.map((r) => r.id));
  }
  return out;
}

const json = async (url: string) => {
  const res = await a.get(url, me);
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

describe("leads read as researched", () => {
  it("tags a lead with the type its title names (at least 95%)", async () => {
    expect(leads.length).toBe(80);
    let agree = 0;
    for (const { p } of leads) {
      const words = TYPE_WORDS[p.project_type?.[0]];
      if (words?.test(p.title)) agree++;
    }
    expect(agree / leadIds.length).toBeGreaterThanOrEqual(0.95);
  });

  it("names at least four people on average, from several parties, with at most ten on a lead", async () => {
    let people = 0;
    let parties = 0;
    for (const { contacts: list } of leads) {
      expect(list.length).toBeLessThanOrEqual(10);
      people += list.length;
      parties += new Set(list.map((c) => c.role)).size;
      for (const c of list) if (c.role === "architect") expect(c.designation).toMatch(/Architect|Partner|Principal|Design|Founder/);
    }
    expect(people / leadIds.length).toBeGreaterThanOrEqual(4);
    expect(parties / leadIds.length).toBeGreaterThanOrEqual(2);
  });

  it("gives 80% of leads documents with specifications, and a dated history that ends at the lead's status", async () => {
    let withDocs = 0;
    let withSpecs = 0;
    let withHistory = 0;
    for (const { p: lead, documents, specs, updates } of leads) {
      if (documents.length) withDocs++;
      if (specs.length) withSpecs++;
      if (!updates.length) continue;
      withHistory++;
      const oldestFirst = [...updates].reverse();
      expect(oldestFirst[0].new_status).toBe("Planning");
      expect(updates[0].new_status).toBe(lead.status);
      for (let i = 1; i < oldestFirst.length; i++) {
        expect(oldestFirst[i].old_status).toBe(oldestFirst[i - 1].new_status);
        expect(Date.parse(oldestFirst[i].created_at)).toBeGreaterThan(Date.parse(oldestFirst[i - 1].created_at));
        const step = ORDER.indexOf(oldestFirst[i].new_status);
        if (step > 0) expect(step).toBe(ORDER.indexOf(oldestFirst[i - 1].new_status) + 1);
      }
      expect(Date.parse(updates[0].created_at)).toBeLessThanOrEqual(Date.now());
    }
    expect(withDocs / leadIds.length).toBeGreaterThanOrEqual(0.8);
    expect(withSpecs / leadIds.length).toBeGreaterThanOrEqual(0.8);
    expect(withHistory / leadIds.length).toBeGreaterThanOrEqual(0.8);
  });

  it("keeps keywords to what the project buys, and the cost per sq ft believable", async () => {
    for (const { p } of leads) {
      const type: string = p.project_type[0];
      for (const [types, words] of OUT_OF_PLACE) if (types.test(type)) for (const k of p.keywords) expect(k, `${type}: ${k}`).not.toMatch(words);
      if (p.value && p.area_sq_ft) {
        const perSqft = p.value / p.area_sq_ft;
        expect(perSqft, p.title).toBeGreaterThan(1500);
        expect(perSqft, p.title).toBeLessThan(16_000);
      }
    }
  });
});

describe("tenders ship their files", () => {
  it("zips a NIT PDF and a BOQ workbook whose items add up near the estimate", async () => {
    // Zips are rate-limited per user: eight, those with corrigenda first.
    const details = tenderDetails.slice(0, 60);
    const sample = [...details.filter((d) => d.corrigenda.length).slice(0, 3), ...details.filter((d) => !d.corrigenda.length)].slice(0, 8);
    let checked = 0;
    for (const detail of sample) {
      const id = detail.id;
      // The page lists each file with its size (a file without one reads as 'link only').
      for (const d of detail.documents) expect(d.size, d.file_name).toBeGreaterThan(500);
      const res = await a.get(`/api/tender/download_zip/${id}`, me);
      expect(res.statusCode).toBe(200);
      const zip = await JSZip.loadAsync(res.rawPayload);
      const pdf = zip.file(/NIT\.pdf$/)[0];
      expect(pdf, Object.keys(zip.files).join()).toBeDefined();
      const bytes = Buffer.from(await pdf.async("uint8array"));
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(bytes.subarray(-6).toString("latin1")).toMatch(/%%EOF/);
      // The xref table points at the objects: its first entry's offset is where object 1 starts.
      const startxref = Number(/startxref\n(\d+)/.exec(bytes.toString("latin1"))![1]);
      expect(bytes.subarray(startxref, startxref + 4).toString("latin1")).toBe("xref");
      const boq = zip.file(/BOQ\.xlsx$/)[0];
      if (!boq) continue;
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await boq.async("arraybuffer")) as Parameters<typeof wb.xlsx.load>[0]);
      const ws = wb.worksheets[0];
      expect(ws.getCell("B1").value).toBe("Item Description");
      let sum = 0;
      for (let r = 2; r < ws.rowCount; r++) sum += Number(ws.getCell(`F${r}`).value);
      const total = ws.getCell(`F${ws.rowCount}`).value as { formula: string; result: number };
      expect(total.formula).toMatch(/^SUM\(F2:F\d+\)$/);
      expect(total.result).toBeCloseTo(sum, 0);
      if (detail.value) expect(Math.abs(total.result - detail.value) / detail.value).toBeLessThan(0.15);
      for (const c of detail.corrigenda) expect(c.title).toMatch(/^Corrigendum-\d/);
      expect(zip.file(/Corrigendum-\d+\.pdf$/).length).toBe(detail.corrigenda.length);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  it("gives most tenders a portal Tender ID, and some results joint winners and a signed contract", async () => {
    const withId = tenderDetails.filter((d) => d.portal_tender_id);
    expect(withId.length / tenderIds.length).toBeGreaterThan(0.4);
    for (const d of withId) expect(d.portal_tender_id).toMatch(/^(\d{4}_[A-Z]+_\d+_\d+|GEM\/\d{4}\/B\/\d+)$/);
    const details = await Promise.all((await ids(`/api/list/results/search/?`, 100)).map((id) => json(`/api/result/detail/${id}`)));
    expect(details.some((d) => d.winners.length >= 2)).toBe(true);
    const signed = details.filter((d) => d.contract_value !== null);
    expect(signed.length).toBeGreaterThan(0);
    for (const d of signed) {
      expect(d.contract_value).not.toBe(d.award_value);
      expect(Date.parse(d.contract_date)).toBeGreaterThan(Date.parse(d.result_date));
    }
  });
});

describe("companies' books hold together", () => {
  it("profit below revenue, net worth positive, debt in proportion, growth believable", async () => {
    // Company pages are rate-limited per user: the first 25 of the builders list.
    const list = (await ids(`/api/list/company/search/?`, 25)).slice(0, 25);
    expect(list.length).toBe(25);
    for (const id of list) {
      const years: { fiscal_year: string; revenue: number; profit: number; net_worth: number; borrowings: number }[] = (await json(`/api/company/financial_data/${id}`)).results;
      const newestFirst = [...years].sort((x, y) => y.fiscal_year.localeCompare(x.fiscal_year));
      for (const y of newestFirst) {
        expect(y.profit).toBeLessThan(y.revenue * 0.25);
        expect(y.net_worth).toBeGreaterThan(0);
        expect(y.borrowings / y.net_worth).toBeLessThan(3);
      }
      for (let i = 1; i < newestFirst.length; i++) {
        const growth = newestFirst[i - 1].revenue / newestFirst[i].revenue;
        expect(growth).toBeGreaterThan(0.9);
        expect(growth).toBeLessThan(1.3);
      }
    }
  });
});

describe("a seed repeats", () => {
  /** Everything the generators write for a seed, ids given in order as the database would hand them out. */
  function generate(seed: number): string {
    const index = new CompanyIndex();
    const companies = new CompanyGenerator(Rng.derive(seed, "companies"), Rng.derive(seed, "contact-counts"), NOW, index);
    const cb = newCompanyBatches();
    let contactId = 1;
    for (let id = 1; id <= 60; id++) companies.generate(id, Array.from({ length: companies.contactCount() }, () => contactId++), cb);
    const projects = new ProjectGenerator(Rng.derive(seed, "projects"), NOW, index);
    const pb = newProjectBatches();
    for (let id = 1; id <= 40; id++) projects.generate(id, pb);
    const tenders = new TenderGenerator(Rng.derive(seed, "tenders"), NOW, index);
    const tb = newTenderBatches();
    let resultId = 1;
    for (let id = 1; id <= 40; id++) tenders.generate(id, () => resultId++, tb);
    // The whole output as the COPYs would send it, table by table.
    return [cb, pb, tb].flatMap((batches) => Object.values(batches).map((b) => `${b.table}\n${b.copyText()}`)).join("\n");
  }

  it("writes the same leads, people, history, documents and tender files for the same seed", () => {
    const first = generate(5);
    expect(/file\W+boq\W+kind/.test(first)).toBe(true); // tender files are stored as what they are rendered from
    expect(generate(5)).toBe(first);
    expect(generate(6)).not.toBe(first);
  });

  it("renders a tender's files to the same bytes every time it is asked", async () => {
    const id = tenderIds.find((_, i) => i < 20) ?? tenderIds[0];
    const zipOf = async () => {
      const res = await a.get(`/api/tender/download_zip/${id}`, me);
      expect(res.statusCode).toBe(200);
      const zip = await JSZip.loadAsync(res.rawPayload);
      return Promise.all(zip.file(/^documents\//).map(async (f) => [f.name, Buffer.from(await f.async("uint8array")).toString("base64")]));
    };
    const first = await zipOf();
    expect(first.length).toBeGreaterThan(0);
    expect(await zipOf()).toEqual(first);
  });
});
