// Contact verification: the token-set ratio, check_number/{phone}/ and wrong-number reports.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ratio, tokenSetRatio, tokens } from "../../server/modules/phone/fuzz.js";
import { INVALID_PHONE, REPROCESS_STAFF_ONLY } from "../../server/modules/phone/routes.js";
import { startTestApp, type TestContext } from "./harness.js";
import { api, impersonating, linkContact, makeCompany, makeContact, makeProject, staff, subscriber, type Session } from "./lead-fixture.js";

describe("token-set ratio", () => {
  it("ignores case, punctuation, word order and repeated words", () => {
    expect(tokens("Mr. RAVI-kumar, ravi")).toEqual(["mr", "ravi", "kumar", "ravi"]);
    expect(tokenSetRatio("Ravi Kumar", "kumar ravi")).toBe(100);
    expect(tokenSetRatio("Ravi Kumar", "Ravi Ravi Kumar")).toBe(100);
  });
  it("scores a name contained in the other as a full match", () => {
    expect(tokenSetRatio("Ravi Kumar", "Mr Ravi Kumar Sharma")).toBe(100);
  });
  it("scores near spellings high and different names low", () => {
    const near = tokenSetRatio("Ravi Kumar", "Ravi Kumaar");
    expect(near).toBeGreaterThanOrEqual(90);
    expect(near).toBeLessThan(100);
    expect(tokenSetRatio("Ravi Kumar", "Suresh Iyer")).toBeLessThan(40);
    expect(tokenSetRatio("", "Ravi")).toBe(0);
    expect(tokenSetRatio("!!", "??")).toBe(0);
  });
  it("matches the reference values of fuzzywuzzy's token_set_ratio", () => {
    // fuzz.token_set_ratio("fuzzy was a bear", "fuzzy fuzzy was a bear") == 100
    expect(tokenSetRatio("fuzzy was a bear", "fuzzy fuzzy was a bear")).toBe(100);
    // ratio("this is a test", "this is a test!") == 97 (rapidfuzz, after processing: 100)
    expect(Math.round(ratio("this is a test", "this is a test!"))).toBe(97);
    // token_set_ratio("new york mets", "new york yankees") == 76 with SequenceMatcher; Indel gives 79
    expect(tokenSetRatio("new york mets", "new york yankees")).toBeGreaterThanOrEqual(75);
    expect(tokenSetRatio("new york mets", "new york yankees")).toBeLessThanOrEqual(80);
  });
});

let t: TestContext;
let a: ReturnType<typeof api>;
let sub: Session;
let staffer: Session;
const NUMBER = "+919845012345";
let c1: { id: number };
let c2: { id: number };
let pid: number;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  sub = await subscriber(t);
  staffer = await staff(t);
  const co = await makeCompany(t.db, "Prestige Estates");
  pid = await makeProject(t.db, { ownerCompanyId: co.id });
  c1 = await makeContact(t.db, { companyId: co.id, name: "Ravi Kumar", phone: NUMBER, email: "ravi@prestige.in", score: 60 });
  c2 = await makeContact(t.db, { name: "Suresh Iyer", phone: NUMBER, email: "suresh@x.in", score: 50 });
  await makeContact(t.db, { name: "Someone Else", phone: "+919845099999" });
  await linkContact(t.db, pid, c1.id);
}, 60_000);
afterAll(() => t.close());

const check = (phone: string, qs = "", s: Session | null = sub) => a.get(`/api/check_number/${encodeURIComponent(phone)}/${qs}`, s);

describe("GET /api/check_number/{phone}/", () => {
  it("validates and normalises the number (default region IN) and lists who has it, masked, with the name score", async () => {
    for (const input of ["09845012345", "98450 12345", "+91-98450-12345", NUMBER]) {
      const res = await check(input, "?name=Kumar%20Ravi&iw_processed=false");
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ input, valid: true, e164: NUMBER, type: "mobile", region: "IN", name: "Kumar Ravi", iw_processed: false, reprocessed: 0 });
      expect(body.national.replace(/\D/g, "")).toContain("9845012345");
      expect(body.matches.map((m: { id: number }) => m.id)).toEqual([c1.id, c2.id]);
      expect(body.matches[0]).toMatchObject({ name: "Ravi Kumar", name_score: 100, project_ids: [pid], phone: "+91 98XXX XXX45", email: "r****@prestige.in", is_unlocked: false, company: { name: "Prestige Estates" } });
      expect(body.matches[1].name_score).toBeLessThan(50);
    }
    const fixed = (await check("02226591234")).json();
    expect(fixed).toMatchObject({ e164: "+912226591234", type: "fixed_line", matches: [] });
    expect(fixed.matches).toEqual([]);
    expect((await check(NUMBER)).json().matches[0].name_score).toBeNull();
  });

  it("shows a contact's number in full once this user unlocked it", async () => {
    const u = await subscriber(t);
    await a.post(`/api/user-unlock-contact/`, u, { contact_id: c1.id });
    const m = (await check(NUMBER, "", u)).json().matches;
    expect(m[0]).toMatchObject({ phone: NUMBER, is_unlocked: true });
    expect(m[1]).toMatchObject({ phone: "+91 98XXX XXX45", is_unlocked: false });
  });

  it("answers 400 {phone: ['Enter a valid phone number.']} for numbers that are not valid", async () => {
    for (const bad of ["12345", "abcdefghij", "+9198450", "98450123456789", "+1 555", "0000000000", " "]) {
      const res = await check(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toEqual({ phone: [INVALID_PHONE] });
    }
    expect((await check(NUMBER, "?reprocess=maybe")).statusCode).toBe(400);
    expect((await check(NUMBER, "", null)).statusCode).toBe(401);
  });

  it("reprocess=True is staff only: it re-scores every contact with the number from `name` and sets verified_at", async () => {
    const refused = await check(NUMBER, "?name=Ravi%20Kumar&reprocess=True");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: REPROCESS_STAFF_ONLY });
    const imp = await impersonating(t, (await subscriber(t)).user);
    expect((await check(NUMBER, "?name=Ravi%20Kumar&reprocess=True", imp)).statusCode).toBe(403);
    expect((await t.db.query(`SELECT 1 FROM contacts WHERE phone = $1 AND verified_at IS NOT NULL`, [NUMBER])).rows).toHaveLength(0);
    expect((await check(NUMBER, "?reprocess=True", staffer)).json()).toHaveProperty("name");
    const res = await check(NUMBER, "?name=Ravi%20Kumar&reprocess=True&iw_processed=false", staffer);
    expect(res.statusCode).toBe(200);
    expect(res.json().reprocessed).toBe(2);
    const rows = (await t.db.query<{ id: number; contact_fuzz_score: number; verified_at: Date | null }>(
      `SELECT id, contact_fuzz_score, verified_at FROM contacts WHERE phone = $1 ORDER BY id`, [NUMBER])).rows;
    expect(rows[0]).toMatchObject({ id: c1.id, contact_fuzz_score: 100 });
    expect(rows[1].contact_fuzz_score).toBeLessThan(50);
    expect(rows.every((r) => r.verified_at !== null)).toBe(true);
    const hist = await t.db.query<{ changes: { contact_fuzz_score: number[] } }>(`SELECT changes FROM contact_history WHERE contact_id = $1`, [c1.id]);
    expect(hist.rows[0].changes.contact_fuzz_score).toEqual([60, 100]);
    // The lead's contacts now show it verified and high quality.
    const contact = (await a.get(`/api/work/${pid}/contacts/`, sub)).json().results[0];
    expect(contact).toMatchObject({ contact_fuzz_score: 100, is_high_quality: true });
    expect(contact.verified_at).not.toBeNull();
  });
});

describe("POST /api/check_number/{phone}/report/", () => {
  it("records a wrong-number report once per user and contact", async () => {
    const u = await subscriber(t);
    const res = await a.post(`/api/check_number/${encodeURIComponent("98450 12345")}/report/`, u, { contact_id: c2.id, reason: "Not Suresh" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ contact_id: c2.id, kind: "wrong_number", phone: NUMBER, status: "open" });
    expect((await a.post(`/api/check_number/${encodeURIComponent(NUMBER)}/report/`, u, { contact_id: c2.id, reason: "again" })).statusCode).toBe(409);
    const queue = (await a.get(`/api/credits/reports/`, staffer)).json().results;
    expect(queue).toContainEqual(expect.objectContaining({ id: res.json().id, kind: "wrong_number", credits: null }));
  });
  it("refuses a contact without that number (400), an unknown contact (404), an invalid number (400), missing fields (400)", async () => {
    const u = await subscriber(t);
    const wrong = await a.post(`/api/check_number/${encodeURIComponent("+919845099999")}/report/`, u, { contact_id: c1.id, reason: "x" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty("contact_id");
    expect((await a.post(`/api/check_number/${encodeURIComponent(NUMBER)}/report/`, u, { contact_id: 987654, reason: "x" })).statusCode).toBe(404);
    expect((await a.post(`/api/check_number/123/report/`, u, { contact_id: c1.id, reason: "x" })).json()).toEqual({ phone: [INVALID_PHONE] });
    expect((await a.post(`/api/check_number/${encodeURIComponent(NUMBER)}/report/`, u, { contact_id: c1.id })).json()).toEqual({ reason: ["This field is required."] });
  });
});
