// Demo plants stand where such plants are: a buyer from the trade knows there is no refinery in
// Bhiwadi and no NTPC station in Gurugram. Lists written here, apart from the generator's own.
import { describe, expect, it } from "vitest";
import { CompanyGenerator, CompanyIndex, newCompanyBatches } from "../../server/ingest/gen-companies.js";
import { newProjectBatches, ProjectGenerator } from "../../server/ingest/gen-projects.js";
import { newTenderBatches, TenderGenerator } from "../../server/ingest/gen-tenders.js";
import { Rng } from "../../server/ingest/prng.js";

const NOW = new Date("2026-03-10T00:00:00Z");
/** Districts with an oil refinery (Mahul, Koyali, MRPL, Manali, Kochi, Vizag, Panipat, Haldia, Paradip, Barauni, Noonmati, Bathinda). */
const REFINERY_DISTRICTS = new Set(["Mumbai Suburban", "Vadodara", "Dakshina Kannada", "Chennai", "Ernakulam", "Visakhapatnam", "Panipat", "Purba Medinipur", "Jagatsinghpur", "Begusarai", "Kamrup Metropolitan", "Bathinda"]);
/** Districts with coal- or gas-fired stations. */
const POWER_DISTRICTS = new Set(["Korba", "Raigarh", "Bilaspur", "Angul", "Sundargarh", "Nagpur", "Nashik", "Kachchh", "Thoothukudi", "Chennai", "Nellore", "Visakhapatnam", "Kota", "Bhagalpur", "Patna", "Begusarai", "Paschim Bardhaman", "Purba Medinipur", "Bokaro", "Dhanbad", "Gautam Buddha Nagar", "Panipat", "Jhajjar", "Faridabad", "Surat", "Bharuch", "New Delhi"]);
const STEEL_DISTRICTS = new Set(["Durg", "Raigarh", "Sundargarh", "Jajpur", "Angul", "Bokaro", "East Singhbhum", "Paschim Bardhaman", "Visakhapatnam", "Raigad"]);

function generated(seed: number) {
  const index = new CompanyIndex();
  const companies = new CompanyGenerator(Rng.derive(seed, "companies"), Rng.derive(seed, "contact-counts"), NOW, index);
  const cb = newCompanyBatches();
  let contactId = 1;
  for (let id = 1; id <= 300; id++) companies.generate(id, Array.from({ length: companies.contactCount() }, () => contactId++), cb);
  const pb = newProjectBatches();
  const projects = new ProjectGenerator(Rng.derive(seed, "projects"), NOW, index);
  for (let id = 1; id <= 4000; id++) projects.generate(id, pb);
  const tb = newTenderBatches();
  const tenders = new TenderGenerator(Rng.derive(seed, "tenders"), NOW, index);
  let resultId = 1;
  for (let id = 1; id <= 3000; id++) tenders.generate(id, () => resultId++, tb);
  // COPY lines: tab-separated columns, in each batch's column order.
  const rows = (b: { columns: { name: string }[]; copyText(): string }) =>
    b.copyText().trimEnd().split("\n").map((line) => Object.fromEntries(line.split("\t").map((v, i) => [b.columns[i].name, v])));
  return { projects: rows(pb.projects), tenders: rows(tb.tenders) };
}

describe("demo plants and offices stand where such exist", () => {
  const { projects, tenders } = generated(7);

  it("puts refineries, power stations and integrated steel plants only in districts that have them", () => {
    const of = (type: string) => projects.filter((p) => p.project_type === `{"${type}"}`);
    const refineries = of("Refinery");
    const thermal = of("Thermal Power Plant");
    const steel = of("Steel Plant");
    expect(refineries.length).toBeGreaterThan(5);
    expect(thermal.length).toBeGreaterThan(5);
    for (const p of refineries) expect(REFINERY_DISTRICTS, p.title).toContain(p.district);
    for (const p of thermal) expect(POWER_DISTRICTS, p.title).toContain(p.district);
    for (const p of steel) expect(STEEL_DISTRICTS, p.title).toContain(p.district);
  });

  it("publishes NTPC tenders only from its stations and offices", () => {
    const ntpc = tenders.filter((t) => t.org_name === "NTPC Limited");
    expect(ntpc.length).toBeGreaterThan(10);
    for (const t of ntpc) expect(POWER_DISTRICTS, t.title).toContain(t.district);
  });
});
