// The one company-name normaliser (server/modules/companies/normalize.ts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeCompanyName as n } from "../../server/modules/companies/normalize.js";

describe("normalizeCompanyName", () => {
  it("drops M/S in all its spellings", () => {
    for (const s of ["M/S Sahyadri Buildcon", "M/s. Sahyadri Buildcon", "m/s.Sahyadri Buildcon", "M/S: Sahyadri Buildcon", "M.S. Sahyadri Buildcon",
      "M S Sahyadri Buildcon", "Messrs Sahyadri Buildcon", "Messers. Sahyadri Buildcon", "M/s- Sahyadri Buildcon"]) {
      expect(n(s), s).toBe("sahyadri buildcon");
    }
    // Not a prefix: a name that merely starts with M or Ms.
    expect(n("MS Dhoni Sports")).toBe("ms dhoni sports");
    expect(n("Mahalaxmi Steels")).toBe("mahalaxmi steels");
  });

  it("drops trailing legal forms: Pvt Ltd, Private Limited, (P) Ltd, Ltd, Limited, LLP, & Co, Co", () => {
    const same = ["Sahyadri Buildcon Pvt Ltd", "SAHYADRI BUILDCON PRIVATE LIMITED", "Sahyadri Buildcon Pvt. Ltd.", "Sahyadri Buildcon (P) Ltd",
      "Sahyadri Buildcon P. Ltd.", "Sahyadri Buildcon Ltd", "Sahyadri Buildcon Limited", "Sahyadri Buildcon LLP", "Sahyadri Buildcon & Co.",
      "Sahyadri Buildcon and Co", "Sahyadri Buildcon Co. Ltd.", "Sahyadri Buildcon Company Limited", "Sahyadri Buildcon (OPC) Private Limited",
      "  sahyadri   buildcon  ", "Sahyadri-Buildcon", "SAHYADRI, BUILDCON."];
    for (const s of same) expect(n(s), s).toBe("sahyadri buildcon");
    // Only at the end.
    expect(n("Limited Edition Interiors Pvt Ltd")).toBe("limited edition interiors");
    expect(n("Company Secretaries Forum")).toBe("company secretaries forum");
  });

  it("treats & and 'and' alike, joins initials, drops apostrophes", () => {
    expect(n("Patel and Sons Infra LLP")).toBe("patel & sons infra");
    expect(n("Patel & Sons Infra")).toBe("patel & sons infra");
    expect(n("Larsen & Toubro Limited")).toBe(n("LARSEN AND TOUBRO LTD"));
    expect(n("N.K. Builders")).toBe("nk builders");
    expect(n("N K Builders")).toBe("nk builders");
    expect(n("NK Builders")).toBe("nk builders");
    expect(n("Sharma's Construction")).toBe("sharmas construction");
    expect(n("Sharma’s Construction")).toBe("sharmas construction");
  });

  it("the names in the GePNIC samples", () => {
    expect(n("M S Tapan Dutta")).toBe("tapan dutta");
    expect(n("SHREE GAUTAM CONSTRUCTION CO. LTD.")).toBe("shree gautam construction");
    expect(n("Yojaka (India) Pvt. Ltd.")).toBe("yojaka india");
    expect(n("Brahmaputra Infrastructure Ltd")).toBe("brahmaputra infrastructure");
    expect(n("architects collaborative")).toBe(n("ARCHITECTS COLLABORATIVE"));
  });

  it("keeps other scripts, returns '' for nothing, never empties a name made only of legal words", () => {
    expect(n("श्री गणेश कंस्ट्रक्शन प्राइवेट")).toBe("श्री गणेश कंस्ट्रक्शन प्राइवेट");
    expect(n("")).toBe("");
    expect(n(null)).toBe("");
    expect(n(" M/s. ")).toBe("");
    expect(n("Limited")).toBe("limited");
  });

  it("is idempotent and case-blind", () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (s) => {
      const once = n(s);
      expect(n(once)).toBe(once);
      expect(n(s.toUpperCase())).toBe(n(s.toLowerCase()));
    }), { numRuns: 500 });
  });
});
