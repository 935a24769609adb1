// MCA company master importer (server/ingest/importers/mca.ts) on the constructed fixtures in
// tests/fixtures/import/mca/: values, Excel-serial and written dates, CIN validation, merging by
// CIN or normalised name, rejects with reasons, skipped duplicates, idempotent re-import, XLSX.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.js";
import { registrationDay, stateName } from "../../server/ingest/importers/mca.js";
import { normalizeCompanyName } from "../../server/modules/companies/normalize.js";
import { fx, importDb, run } from "../fixtures/import/helpers.js";
import { startTestApp, type TestContext } from "./harness.js";
import { staff, subscriber } from "./lead-fixture.js";
import { waitForRun } from "./imports-upload.js";

let t: TestContext;
let db: Db;

async function insertCompany(name: string, cin: string | null, extra: { industry?: string; company_type?: string } = {}): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO companies (name, normalized_name, cin, industry, company_type) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [name, normalizeCompanyName(name), cin, extra.industry ?? null, extra.company_type ?? null],
  );
  return Number(rows[0].id);
}

const byCin = async (cin: string) =>
  (await db.query<Record<string, unknown>>(
    `SELECT name, normalized_name, cin, roc_code, category, sub_category, company_class, authorized_capital::float8 AS authorized_capital,
            paid_up_capital::float8 AS paid_up_capital, to_char(incorporation_date, 'YYYY-MM-DD') AS incorporation_date, address, listing_status,
            company_status, state, city, nic_code, industry, company_type, capital_band
       FROM companies WHERE cin = $1`, [cin])).rows[0];

let kaveriId: number;
let narmadaId: number;

beforeAll(async () => {
  // One app for the file (its database is the importer's too): the upload test needs it.
  t = await startTestApp();
  db = t.db;
  kaveriId = await insertCompany("Kaveri Roadways Ltd", "L45203KA1995PLC018765", { industry: "Roads and Highways", company_type: "Contractor" });
  narmadaId = await insertCompany("Narmada Precast Concrete LLP", null, { company_type: "Manufacturer" });
  await insertCompany("Ambiguous Infra Pvt Ltd", null);
  await insertCompany("AMBIGUOUS INFRA PRIVATE LIMITED", null);
}, 120_000);
afterAll(() => t?.close());

describe("mca importer, CSV", () => {
  it("creates and merges companies, rejects bad rows with reasons, skips a repeated CIN", async () => {
    const r = await run(db, "mca", [fx("mca", "company-master.csv")]);
    expect(r.status).toBe("done");
    expect(r.unit).toBe("company");
    expect(r.totals).toEqual({ read: 10, created: 2, updated: 2, unchanged: 0, skipped: 1, rejected: 5 });
    expect(r.rejects).toEqual([
      { file: "company-master.csv", row: 4, key: "U4520MH2007PTC17123", reason: "CIN 'U4520MH2007PTC17123' is not a valid CIN (21 characters such as U45200MH2007PTC123456)" },
      { file: "company-master.csv", row: 6, key: "U45400GJ2004PTC044321", reason: "CompanyName is required" },
      { file: "company-master.csv", row: 8, key: "U45201GJ2012PTC070001", reason: "AuthorizedCapital 'about ten lakh' is not an amount" },
      { file: "company-master.csv", row: 9, key: "U45202GJ2010PTC060002", reason: "registration date '31-02-2010' is not a valid date" },
      { file: "company-master.csv", row: 11, key: "U45209DL2016PTC300001", reason: "'AMBIGUOUS INFRA PRIVATE LIMITED' matches several companies without a CIN by name; give them their CINs first" },
    ]);
    expect(r.warnings).toEqual([{ file: "company-master.csv", row: 7, message: "CIN U45200MH2007PTC171234 appears again in this file: row skipped" }]);
    const runRow = await db.query<{ kind: string; status: string }>(`SELECT kind, status FROM import_runs WHERE id = $1`, [r.run_id]);
    expect(runRow.rows[0]).toEqual({ kind: "mca", status: "done" });
    expect((await db.query(`SELECT 1 FROM import_rejects WHERE run_id = $1`, [r.run_id])).rows).toHaveLength(5);
  });

  it("reads every column: capitals, the registration date from an Excel serial or a written date, state, city and type", async () => {
    expect(await byCin("U45200MH2007PTC171234")).toEqual({
      name: "SAHYADRI BUILDCON PRIVATE LIMITED", normalized_name: "sahyadri buildcon", cin: "U45200MH2007PTC171234", roc_code: "RoC-Mumbai",
      category: "Company limited by Shares", sub_category: "Non-govt company", company_class: "Private", authorized_capital: 50000000,
      paid_up_capital: 25000000, incorporation_date: "2007-06-01", address: "OFFICE NO 12, SAI PLAZA, BANER, PUNE, Maharashtra, 411045",
      listing_status: "Unlisted", company_status: "Active", state: "Maharashtra", city: "Pune", nic_code: "45200", industry: "Construction",
      company_type: "Contractor", capital_band: "1 - 10 Crore",
    });
    // A written date; the state from the CIN when the column is blank; NIC 70 = real estate.
    expect(await byCin("U70100TG2011PTC072345")).toMatchObject({ incorporation_date: "2011-07-15", state: "Telangana", city: "Hyderabad", company_type: "Developer", paid_up_capital: 1500000 });
  });

  it("merges by CIN keeping curated fields, and by normalised name onto a company without a CIN", async () => {
    const kaveri = await byCin("L45203KA1995PLC018765");
    expect(kaveri).toMatchObject({
      name: "Kaveri Roadways Ltd", // the same normalised name: the register's spelling is not forced on ours
      industry: "Roads and Highways", company_type: "Contractor", authorized_capital: 100000000, paid_up_capital: 40000000,
      incorporation_date: "1995-03-02", state: "Karnataka", listing_status: "Listed",
    });
    expect(await db.query(`SELECT id FROM companies WHERE cin = 'L45203KA1995PLC018765'`).then((x) => Number(x.rows[0].id))).toBe(kaveriId);
    const narmada = (await db.query<Record<string, unknown>>(`SELECT id, name, cin, company_type, industry, incorporation_date::text AS inc FROM companies WHERE id = $1`, [narmadaId])).rows[0];
    expect(narmada).toMatchObject({ name: "Narmada Precast Concrete LLP", cin: "U26942GJ2015PTC082468", company_type: "Manufacturer", industry: "Manufacturing (Others)", inc: "2015-01-01" });
    expect((await db.query(`SELECT 1 FROM companies WHERE normalized_name = 'narmada precast concrete'`)).rows).toHaveLength(1);
  });

  it("importing the same file again changes nothing", async () => {
    const before = await db.query(`SELECT * FROM companies ORDER BY id`);
    const changes = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM search_changes WHERE index_name = 'companies'`);
    const r = await run(db, "mca", [fx("mca", "company-master.csv")]);
    expect(r.totals).toEqual({ read: 10, created: 0, updated: 0, unchanged: 4, skipped: 1, rejected: 5 });
    expect((await db.query(`SELECT * FROM companies ORDER BY id`)).rows).toEqual(before.rows);
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM search_changes WHERE index_name = 'companies'`)).rows[0].n).toBe(changes.rows[0].n);
  });

  it("a renamed company (same CIN, another name) takes the register's name", async () => {
    await db.query(`UPDATE companies SET name = 'Sahyadri Old Name Pvt Ltd', normalized_name = 'sahyadri old name' WHERE cin = 'U45200MH2007PTC171234'`);
    const r = await run(db, "mca", [fx("mca", "company-master.csv")]);
    expect(r.totals).toMatchObject({ updated: 1, unchanged: 3 });
    expect(await byCin("U45200MH2007PTC171234")).toMatchObject({ name: "SAHYADRI BUILDCON PRIVATE LIMITED", normalized_name: "sahyadri buildcon" });
  });

  it("a dry run reports without writing; a file in another layout fails as a whole", async () => {
    const fresh = await importDb();
    try {
      const dry = await run(fresh.db, "mca", [fx("mca", "company-master.csv")], { dryRun: true });
      expect(dry.totals).toMatchObject({ created: 5, skipped: 1, rejected: 4 }); // no companies to merge with or to be ambiguous
      expect((await fresh.db.query(`SELECT 1 FROM companies`)).rows).toHaveLength(0);
      const wrong = await run(fresh.db, "mca", [fx("crafted", "tenders.csv")]);
      expect(wrong.failed_files).toBe(1);
      expect(wrong.files[0].error).toMatch(/missing column 'CIN': not the MCA company master layout/);
    } finally {
      await fresh.close();
    }
  });
});

describe("mca importer, XLSX", () => {
  it("reads the first worksheet: numbers, an Excel serial, a date cell; rejects a foreign company's FCRN", async () => {
    const r = await run(db, "mca", [fx("mca", "company-master.xlsx")]);
    expect(r.totals).toEqual({ read: 3, created: 2, updated: 0, unchanged: 0, skipped: 0, rejected: 1 });
    expect(r.rejects[0]).toMatchObject({ row: 4, key: "F01234" });
    expect(await byCin("U45309RJ2009PTC029876")).toMatchObject({
      name: "ARAVALLI ROADS AND BRIDGES PRIVATE LIMITED", authorized_capital: 25000000, paid_up_capital: 12500000, incorporation_date: "2009-07-01",
      state: "Rajasthan", city: "Jaipur", nic_code: "45309", company_type: "Contractor",
    });
    expect(await byCin("U41000KA2018PTC115432")).toMatchObject({ incorporation_date: "2018-08-14", state: "Karnataka", city: "Bengaluru", company_type: "Builder" });
    expect((await run(db, "mca", [fx("mca", "company-master.xlsx")])).totals).toMatchObject({ unchanged: 2, created: 0, updated: 0 });
  });
});

describe("mca values", () => {
  it("registration dates: serials, dates and nonsense", () => {
    expect(registrationDay(39234)).toBe("2007-06-01");
    expect(registrationDay("39234.0")).toBe("2007-06-01");
    expect(registrationDay("2007-06-01")).toBe("2007-06-01");
    expect(registrationDay("01/06/2007")).toBe("2007-06-01");
    expect(registrationDay("1-Jun-2007")).toBe("2007-06-01");
    expect(registrationDay(new Date(Date.UTC(2007, 5, 1)))).toBe("2007-06-01");
    expect(registrationDay("NA")).toBeNull();
    expect(() => registrationDay("2007")).toThrow(/not an Excel date serial/);
    expect(() => registrationDay("yesterday")).toThrow(/not a date/);
  });

  it("states: names, codes and the CIN's code", () => {
    expect(stateName("TG", "U70100TG2011PTC072345")).toBe("Telangana");
    expect(stateName("tamil nadu", "U45200TN2011PTC072345")).toBe("Tamil Nadu");
    expect(stateName("Jammu & Kashmir", "U45200JK2011PTC072345")).toBe("Jammu and Kashmir");
    expect(stateName(null, "U45200WB2011PTC072345")).toBe("West Bengal");
  });
});

describe("POST /api/imports/ with kind mca", () => {
  it("staff upload an XLSX company master and get the report; subscribers may not", async () => {
    {
      const upload = (headers: Record<string, string>) => {
        const boundary = "----mca" + Math.random().toString(16).slice(2);
        const body = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nmca\r\n`),
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="company-master.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
          fs.readFileSync(fx("mca", "company-master.xlsx")),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        return t.app.inject({ method: "POST", url: "/api/imports/", headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` }, payload: body });
      };
      await db.query(`DELETE FROM companies WHERE cin = 'U45309RJ2009PTC029876'`);
      const res = await upload((await staff(t)).headers);
      expect(res.statusCode).toBe(202);
      const { run } = await waitForRun(t.app, (await staff(t)).headers, res.json().run_id);
      expect(run.report).toMatchObject({ kind: "mca", unit: "company", status: "done", totals: { read: 3, created: 1, unchanged: 1, rejected: 1 }, files: [{ file: "company-master.xlsx" }] });
      const found = await t.app.inject({ method: "GET", url: "/api/company/suggest_company/?q=aravalli%20roads", headers: (await subscriber(t)).headers });
      expect(found.json().results[0]).toMatchObject({ cin: "U45309RJ2009PTC029876", state: "Rajasthan" });
      expect((await upload((await subscriber(t)).headers)).statusCode).toBe(403);
    }
  }, 120_000);
});
