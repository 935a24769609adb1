// Importer building blocks: amounts, IST dates, ranks, organisation chains, the streaming CSV
// reader and JSON Lines detection, OCDS merging and status mapping.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv, readCsv, CsvParser } from "../../server/ingest/importers/csv.js";
import { readJsonValues } from "../../server/ingest/importers/json.js";
import { compile } from "../../server/ingest/importers/ocds-merge.js";
import { mapStatus, releasesOf } from "../../server/ingest/importers/ocds.js";
import { amount, date, integerText, orgChain, rank, text } from "../../server/ingest/importers/values.js";
import { fieldOf as mcaFieldOf } from "../../server/ingest/importers/mca.js";

describe("amount", () => {
  it("reads Indian and western grouping, prefixes, decimals, floats, lakh and crore", () => {
    expect(amount("4,36,55,000")).toBe(43655000);
    expect(amount("46,654,000")).toBe(46654000);
    expect(amount("INR 884,944")).toBe(884944);
    expect(amount("INR 242,551,689.5")).toBe(242551689.5);
    expect(amount("26,08,91,730.10")).toBe(260891730.1);
    expect(amount("785621.0")).toBe(785621);
    expect(amount("Rs. 1,234.567")).toBe(1234.57);
    expect(amount("₹ 9,330")).toBe(9330);
    expect(amount("12.5 lakh")).toBe(1250000);
    expect(amount("3 Cr")).toBe(30000000);
    expect(amount("1,250 crore")).toBe(12500000000);
    expect(amount(1500.499)).toBe(1500.5);
  });
  it("blank, NA and Nil are no value; anything else unreadable is an error naming the field", () => {
    for (const v of ["", " ", "NA ", "N/A", "Nil", "-", null, undefined]) expect(amount(v)).toBeNull();
    expect(() => amount("12,34,5", "EMD")).toThrow("EMD '12,34,5' is not an amount");
    expect(() => amount("-500")).toThrow("is not an amount");
    expect(() => amount("lots")).toThrow("is not an amount");
    expect(() => amount("1e30")).toThrow();
  });
  it("Indian and western groupings of the same number read the same", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e13 }), (n) => {
      const western = n.toLocaleString("en-US");
      const indian = n.toLocaleString("en-IN");
      expect(amount(western)).toBe(n);
      expect(amount(indian)).toBe(n);
      expect(amount(`INR ${indian}.00`)).toBe(n);
    }));
  });
});

describe("date (IST unless a zone is given)", () => {
  it("reads portal date-times as India time", () => {
    expect(date("13-May-2021 10:00 AM")!.toISOString()).toBe("2021-05-13T04:30:00.000Z");
    expect(date("13-May-2021 12:00 AM")!.toISOString()).toBe("2021-05-12T18:30:00.000Z");
    expect(date("13-May-2021 12:30 PM")!.toISOString()).toBe("2021-05-13T07:00:00.000Z");
    expect(date("21-Sep-2023 02:00 PM ")!.toISOString()).toBe("2023-09-21T08:30:00.000Z");
    expect(date("20-Sep-2024")!.toISOString()).toBe("2024-09-19T18:30:00.000Z");
    expect(date("13/05/2021 14:30")!.toISOString()).toBe("2021-05-13T09:00:00.000Z");
    expect(date("13-05-2021")!.toISOString()).toBe("2021-05-12T18:30:00.000Z");
    expect(date("2021-05-13")!.toISOString()).toBe("2021-05-12T18:30:00.000Z");
    expect(date("2021-05-13T10:00:00")!.toISOString()).toBe("2021-05-13T04:30:00.000Z");
    expect(date("2021-05-13T10:00:00Z")!.toISOString()).toBe("2021-05-13T10:00:00.000Z");
    expect(date("2021-05-13T10:00:00+05:30")!.toISOString()).toBe("2021-05-13T04:30:00.000Z");
    expect(date("5-Sept-2021")!.toISOString()).toBe("2021-09-04T18:30:00.000Z");
  });
  it("NA is no date; impossible dates are errors", () => {
    expect(date("NA ")).toBeNull();
    expect(() => date("31-Feb-2024 10:00 AM", "Publish Date")).toThrow("Publish Date '31-Feb-2024 10:00 AM' is not a valid date");
    expect(() => date("13-Foo-2021")).toThrow();
    expect(() => date("13-May-2021 13:00 PM")).toThrow("not a valid time");
    expect(() => date("yesterday")).toThrow("is not a date");
  });
});

const toRoman = (n: number) =>
  "X".repeat(Math.floor(n / 10)) + ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"][n % 10];

describe("rank in every form (issue 15, point 4): a number, a direction, the label as published", () => {
  const low = (n: number, label: string) => ({ rank: n, direction: "lowest", label });
  const high = (n: number, label: string) => ({ rank: n, direction: "highest", label });
  const unread = (label: string) => ({ rank: null, direction: null, label });

  it("reads every form the issue names: L-1, L 1, L-III, H 1, I, 1.0", () => {
    expect(rank("L-1")).toEqual(low(1, "L-1"));
    expect(rank("L 1")).toEqual(low(1, "L 1"));
    expect(rank("L-III")).toEqual(low(3, "L-III"));
    expect(rank("H 1")).toEqual(high(1, "H 1"));
    expect(rank("I")).toEqual(low(1, "I"));
    expect(rank("1.0")).toEqual(low(1, "1.0"));
  });

  it("reads the forms on the GePNIC sample pages as before: L1, L2, L3 and I, II, III, lowest first", () => {
    expect(["L1", "L2", "L3", "I", "II", "III"].map(rank)).toEqual([low(1, "L1"), low(2, "L2"), low(3, "L3"), low(1, "I"), low(2, "II"), low(3, "III")]);
  });

  it("H ranks count from the highest bid", () => {
    expect(rank("H1")).toEqual(high(1, "H1"));
    expect(rank("H-2")).toEqual(high(2, "H-2"));
    expect(rank("h 3")).toEqual(high(3, "h 3"));
    expect(rank("H-IV")).toEqual(high(4, "H-IV"));
    expect(rank("H.10")).toEqual(high(10, "H.10"));
  });

  it("lowercase, spaces, separators, leading zeros, decimals and ordinals", () => {
    expect(rank("l1")).toEqual(low(1, "l1"));
    expect(rank("  L   2 ")).toEqual(low(2, "L 2")); // the label is trimmed and its spaces folded, as every cell is
    expect(rank("L - 3")).toEqual(low(3, "L - 3"));
    expect(rank("L.4")).toEqual(low(4, "L.4"));
    expect(rank("L–5")).toEqual(low(5, "L–5")); // en dash
    expect(rank("l-ii")).toEqual(low(2, "l-ii"));
    expect(rank("L 12")).toEqual(low(12, "L 12"));
    expect(rank("03")).toEqual(low(3, "03"));
    expect(rank("2.00")).toEqual(low(2, "2.00"));
    expect(rank("2nd")).toEqual(low(2, "2nd"));
    expect(rank(4)).toEqual(low(4, "4")); // a number from JSON
  });

  it("roman numerals I to XXXIX, bare or after L/H, in any case", () => {
    const numerals = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XIV", "XIX", "XX", "XXXIX"];
    expect(numerals.map((r) => rank(r).rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 19, 20, 39]);
    expect(numerals.map((r) => rank(r.toLowerCase()).rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 19, 20, 39]);
    expect(rank("LX")).toEqual(low(10, "LX")); // L-prefixed ten, not roman sixty
    expect(rank("LI")).toEqual(low(1, "LI"));
    expect(rank("HIX")).toEqual(high(9, "HIX"));
  });

  it("property: every rank 1…39 in every spelling reads back with its direction", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 39 }),
        fc.constantFrom("L", "l", "H", "h"),
        fc.constantFrom("", " ", "-", " - ", "."),
        fc.constantFrom("arabic", "roman", "decimal"),
        (n, letter, sep, form) => {
          const num = form === "roman" ? toRoman(n) : form === "decimal" ? `${n}.0` : String(n);
          const r = rank(`${letter}${sep}${num}`);
          expect(r.rank).toBe(n);
          expect(r.direction).toBe(/h/i.test(letter) ? "highest" : "lowest");
        },
      ),
    );
  });

  it("a note in brackets is read for its direction, and must agree", () => {
    expect(rank("L1 (lowest)")).toEqual(low(1, "L1 (lowest)"));
    expect(rank("1 (Lowest)")).toEqual(low(1, "1 (Lowest)"));
    expect(rank("1 (highest)")).toEqual(high(1, "1 (highest)"));
    expect(rank("H2 (highest bidder)")).toEqual(high(2, "H2 (highest bidder)"));
    expect(rank("L2 (revised)")).toEqual(low(2, "L2 (revised)"));
    expect(rank("H1 (lowest)")).toEqual(unread("H1 (lowest)"));
  });

  it("junk keeps its label without a number or direction; blanks are no rank", () => {
    for (const junk of ["L", "H", "X1", "0", "L0", "H-0", "L-", "LL1", "1.5", "L1/L2", "IIII", "VX", "XL", "first", "Lowest", "(L1)", "L99999999999", "10000"]) {
      expect(rank(junk)).toEqual(unread(junk));
    }
    expect(rank("9999")).toEqual(low(9999, "9999")); // the largest rank; larger would be typos (and overflow the column)
    for (const blank of ["", "  ", "NA ", "-", null, undefined]) expect(rank(blank)).toEqual({ rank: null, direction: null, label: null });
  });
});

describe("text, integerText, orgChain", () => {
  it("an MCA column named like an Object member is no field", () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) expect(mcaFieldOf(name)).toBeUndefined();
    expect(mcaFieldOf("Company Status")).toBe("company_status");
  });
  it("cleans text and numbers", () => {
    expect(text("  Please refer   Tender documents. ")).toBe("Please refer Tender documents.");
    expect(text("NA ")).toBeNull();
    // PostgreSQL refuses NUL in text: a stray control character in a cell is dropped, white space folded.
    expect(text("Road\u0000 works\u0007\tphase\u001F 2")).toBe("Road works phase 2");
    expect(text("\u0000")).toBeNull();
    expect(integerText("781006.0")).toBe("781006");
    expect(integerText("PIN-78")).toBe("PIN-78");
  });
  it("splits the organisation chain", () => {
    expect(orgChain("Cooperation Department||Assam State Co-operative Housing Federation Ltd.(HOUSEFED)")).toEqual({
      org: "Cooperation Department", department: "Assam State Co-operative Housing Federation Ltd.(HOUSEFED)",
    });
    expect(orgChain("A || B||C")).toEqual({ org: "A", department: "B || C" });
    expect(orgChain("Public Works Roads Department")).toEqual({ org: "Public Works Roads Department", department: null });
  });
});

describe("CSV reader (RFC 4180)", () => {
  it("quotes, doubled quotes, commas and line breaks in fields, CRLF, CR, BOM, blank lines, no final newline", () => {
    const recs = parseCsv('\uFEFFa,b,c\r\n1,"x, y","he said ""hi"""\r\n\r\n2,"line1\r\nline2",\r3,,"")');
    expect(recs).toEqual([
      { row: 1, fields: ["a", "b", "c"] },
      { row: 2, fields: ["1", "x, y", 'he said "hi"'] },
      { row: 4, fields: ["2", "line1\r\nline2", ""] },
      { row: 5, fields: ["3", "", ")"] },
    ]);
  });
  it("gives the same records however the input is split into chunks", () => {
    const text = 'id,name\n1,"A ""quoted"", name"\r\n2,"multi\nline"\n3,plain\n';
    const whole = parseCsv(text);
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 6 }), (cuts) => {
      const p = new CsvParser();
      const points = [...new Set(cuts)].sort((a, b) => a - b);
      const out = [];
      let from = 0;
      for (const c of points) {
        out.push(...p.push(text.slice(from, c)));
        from = c;
      }
      out.push(...p.push(text.slice(from)), ...p.end());
      expect(out).toEqual(whole);
    }));
  });
  it("an unclosed quote at the end of the file is an error", () => {
    expect(() => parseCsv('a,b\n1,"open')).toThrow("not closed");
  });
  it("streams a large file with progress, never holding it whole", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "csv-")), "big.csv");
    const n = 60_000;
    const fd = fs.openSync(file, "w");
    fs.writeSync(fd, "ocid,title\n");
    for (let i = 0; i < n; i++) fs.writeSync(fd, `t${i},"Title ${i}, with comma"\n`);
    fs.closeSync(fd);
    const size = fs.statSync(file).size;
    const seen: number[] = [];
    let count = 0;
    let last: string[] = [];
    for await (const r of readCsv(file, (b) => seen.push(b))) {
      count += 1;
      last = r.fields;
    }
    expect(count).toBe(n + 1);
    expect(last).toEqual([`t${n - 1}`, `Title ${n - 1}, with comma`]);
    expect(seen.length).toBeGreaterThan(2); // several chunks
    expect(seen[seen.length - 1]).toBe(size);
  });
});

describe("JSON or JSON Lines", () => {
  const write = (name: string, body: string) => {
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "json-")), name);
    fs.writeFileSync(f, body);
    return f;
  };
  const all = async (f: string) => {
    const out = [];
    for await (const x of readJsonValues(f)) out.push(x);
    return out;
  };
  it("a pretty-printed document is read whole; one value per line is JSON Lines", async () => {
    expect(await all(write("a.json", '{\n  "a": 1\n}\n'))).toEqual([{ line: 1, value: { a: 1 } }]);
    expect(await all(write("b.jsonl", '{"a":1}\n\n{"a":2}\r\nnot json\n'))).toEqual([
      { line: 1, value: { a: 1 } }, { line: 3, value: { a: 2 } }, { line: 4, error: expect.stringMatching(/^line 4 is not valid JSON/) },
    ]);
    expect(await all(write("c.json", "\uFEFF[1,2]"))).toEqual([{ line: 1, value: [1, 2] }]);
  });
});

describe("OCDS merge", () => {
  it("a release's __proto__ or constructor key never reaches a prototype", () => {
    const hostile = JSON.parse('{"ocid":"o","id":"1","date":"2020-01-01T00:00:00Z","tender":{"__proto__":{"polluted":true},"constructor":{"x":1},"title":"T"}}');
    const c = compile([hostile]) as { tender: Record<string, unknown> };
    expect(Object.getPrototypeOf(c.tender)).toBe(Object.prototype);
    expect((c.tender as { polluted?: boolean }).polluted).toBeUndefined();
    expect(c.tender.constructor).toEqual({ x: 1 });
    expect(c.tender.title).toBe("T");
  });
  it("newest value wins, omitted fields keep older values, null empties, arrays of objects merge by id", () => {
    const c = compile([
      { ocid: "o", id: "2", date: "2020-02-01T00:00:00Z", tag: ["tenderAmendment"], tender: { title: "New", value: null, items: [{ id: "1", quantity: 5 }, { id: "2", quantity: 1 }], submissionMethod: ["written"] } },
      { ocid: "o", id: "1", date: "2020-01-01T00:00:00Z", tag: ["tender"], tender: { title: "Old", description: "D", value: { amount: 5 }, items: [{ id: "1", quantity: 3, unit: "m" }], submissionMethod: ["electronicSubmission", "inPerson"] } },
    ]);
    expect(c).toEqual({
      ocid: "o", id: "o-compiled", date: "2020-02-01T00:00:00Z", tag: ["compiled"],
      tender: { title: "New", description: "D", items: [{ id: "1", quantity: 5, unit: "m" }, { id: "2", quantity: 1 }], submissionMethod: ["written"] },
    });
  });
  it("finds releases in packages, record packages, records and arrays", () => {
    expect(releasesOf({ releases: [{ ocid: "a", id: "1" }] }).releases).toHaveLength(1);
    expect(releasesOf({ records: [{ ocid: "a", releases: [{ url: "x", date: "2020-01-01" }], compiledRelease: { ocid: "a", tender: { title: "T" } } }] }).releases[0]).toMatchObject({ id: "compiledRelease", tender: { title: "T" } });
    expect(releasesOf([{ ocid: "a" }, { ocid: "b" }]).releases).toHaveLength(2);
    expect(releasesOf({ tag: ["tender"] }).problems).toEqual(["release has no ocid"]);
    expect(releasesOf({ foo: 1 }).problems).toEqual(["not an OCDS release, record, release package or record package"]);
  });
  it("maps tender status codelist values onto our statuses", () => {
    const now = new Date("2025-06-01T00:00:00Z");
    const past = new Date("2025-01-01T00:00:00Z");
    const future = new Date("2025-12-01T00:00:00Z");
    expect(mapStatus("planning", false, null, now)).toBe("Live");
    expect(mapStatus("planned", false, future, now)).toBe("Live");
    expect(mapStatus("active", false, future, now)).toBe("Live");
    expect(mapStatus("active", false, past, now)).toBe("Closed");
    expect(mapStatus("complete", false, past, now)).toBe("Closed");
    expect(mapStatus("complete", true, past, now)).toBe("AOC");
    expect(mapStatus("active", true, future, now)).toBe("AOC");
    expect(mapStatus(null, true, null, now)).toBe("AOC");
    for (const s of ["cancelled", "unsuccessful", "withdrawn"]) expect(mapStatus(s, true, null, now)).toBe("Cancelled");
  });
});
