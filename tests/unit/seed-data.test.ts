// Pure parts of the demo data generator: the PRNG, text helpers, sizes and the CLI's options.
import { describe, expect, it } from "vitest";
import { pgArrayLiteral, Batch } from "../../server/ingest/bulk.js";
import { mobile, pastFiscalYears } from "../../server/ingest/gen-companies.js";
import { magnitudes } from "../../server/ingest/gen-projects.js";
import { STATES } from "../../server/ingest/india-data.js";
import { Rng } from "../../server/ingest/prng.js";
import { parseArgs } from "../../server/ingest/seed-cli.js";
import { SECTORS } from "../../server/ingest/templates.js";
import { indianNumber, roundValue } from "../../server/ingest/text.js";

describe("Rng", () => {
  it("repeats for a seed and differs between streams", () => {
    const a = Rng.derive(7, "projects");
    const b = Rng.derive(7, "projects");
    const c = Rng.derive(7, "tenders");
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(xs);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });

  it("keeps int, logUniform and sample within bounds", () => {
    const r = new Rng(1);
    for (let i = 0; i < 2000; i++) {
      const n = r.int(3, 9);
      expect(n >= 3 && n <= 9 && Number.isInteger(n)).toBe(true);
      const v = r.logUniform(1e6, 5e10, 1.3);
      expect(v >= 1e6 && v <= 5e10).toBe(true);
    }
    const s = r.sample([1, 2, 3, 4], 3);
    expect(new Set(s).size).toBe(3);
    expect(r.sample([1, 2], 5)).toHaveLength(2);
  });
});

describe("text helpers", () => {
  it("groups digits the Indian way and rounds values plausibly", () => {
    expect(indianNumber(12345678)).toBe("1,23,45,678");
    expect(indianNumber(999)).toBe("999");
    expect(roundValue(1_234_567)).toBe(1_250_000);
    expect(roundValue(123_456_789)).toBe(123_000_000);
    expect(roundValue(12_345_678_901)).toBe(12_350_000_000);
    expect(roundValue(10)).toBe(1_000_000);
  });

  it("quotes text[] elements so commas and quotes survive", () => {
    expect(pgArrayLiteral(['a b', 'c,d', 'e"f'])).toBe('{"a b","c,d","e\\"f"}');
    expect(pgArrayLiteral([])).toBe("{}");
  });

  it("encodes a batch's rows once, in COPY's text format, with the importers' escapes", () => {
    const b = new Batch("t", [["id", "bigint"], ["tags", "text[]"], ["doc", "jsonb"], ["note", "text"], ["file", "bytea"], ["ok", "bool"]]);
    b.add(1, ["x", 'a"b'], { a: "tab\there" }, "two\nlines \\ slash", Buffer.from("%P"), true);
    b.add(2, [], null, undefined, null, false);
    expect(b.length).toBe(2);
    expect(b.copyText()).toBe('1\t{"x","a\\\\"b"}\t{"a":"tab\\\\there"}\ttwo\\nlines \\\\ slash\t\\\\x2550\tt\n2\t{}\t\\N\t\\N\t\\N\tf\n');
    expect(() => b.add(1)).toThrow(/expected 6/);
  });

  it("hands COPY whole lines in UTF-8 chunks, however long the rows and whatever their characters", async () => {
    const b = new Batch("t", [["id", "bigint"], ["note", "text"]]);
    const notes = Array.from({ length: 3000 }, (_, i) => `₹${i} crore – ${"x".repeat(200 + (i % 97))}`);
    notes[1500] = "€".repeat(300_000); // one cell larger than a whole chunk
    notes.forEach((n, i) => b.add(i + 1, n));
    const expected = notes.map((n, i) => `${i + 1}\t${n}\n`).join("");
    expect(b.copyText()).toBe(expected);
    const chunks: Buffer[] = [];
    const tx = { copyFrom: async (_t: string, _c: readonly string[], data: Iterable<string | Uint8Array>) => (chunks.push(...(data as Buffer[])), 0) };
    await b.insert(tx as never);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c[c.length - 1]).toBe(10); // every chunk ends a line
    expect(Buffer.concat(chunks).toString("utf8")).toBe(expected);
  });
});

describe("Indian data", () => {
  it("has at least 15 states with districts, two-letter CIN codes and six-digit pincodes", () => {
    expect(STATES.length).toBeGreaterThanOrEqual(15);
    expect(new Set(STATES.map((s) => s.code)).size).toBe(STATES.length);
    for (const s of STATES) {
      expect(s.code).toMatch(/^[A-Z]{2}$/);
      expect(s.districts.length).toBeGreaterThanOrEqual(2);
      for (const d of s.districts) {
        expect(String(d.pincode)).toMatch(/^[1-9]\d{5}$/);
        expect(String(d.pincode + 40)).toMatch(/^[1-9]\d{5}$/);
        expect(d.localities.length).toBeGreaterThan(0);
      }
    }
  });

  it("makes E.164 Indian mobiles and past fiscal years", () => {
    const r = new Rng(3);
    for (let i = 0; i < 200; i++) expect(mobile(r)).toMatch(/^\+91[6-9]\d{9}$/);
    expect(pastFiscalYears(new Date("2025-03-31T00:00:00Z"), 2)).toEqual(["2023-24", "2022-23"]);
    expect(pastFiscalYears(new Date("2025-04-01T00:00:00Z"), 2)).toEqual(["2024-25", "2023-24"]);
  });

  it("sizes titles from the value: a bigger budget never means fewer floors", () => {
    const residential = SECTORS.find((s) => s.name === "Residential")!;
    const small = magnitudes(new Rng(5), residential, 2e7);
    const big = magnitudes(new Rng(5), residential, 2e9);
    expect(big.vars.floors).toBeGreaterThanOrEqual(small.vars.floors);
    expect(big.area!).toBeGreaterThan(small.area!);
  });
});

describe("seed CLI options", () => {
  it("parses sizes and scales tenders and companies with projects", () => {
    expect(parseArgs(["--projects", "1000000"])).toEqual({ projects: 1_000_000, tenders: 400_000, companies: 160_000 });
    expect(parseArgs(["--projects=100", "--tenders", "5", "--seed", "9", "--no-users"])).toEqual({ projects: 100, tenders: 5, companies: 800, seed: 9, users: false });
    expect(parseArgs([])).toEqual({});
    expect(() => parseArgs(["--projects", "-3"])).toThrow(/whole number/);
    expect(() => parseArgs(["--bogus"])).toThrow(/unknown option/);
  });
});
