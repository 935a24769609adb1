// Place from the source (issue #15 point 5): state and district read from addresses,
// organisation chains and portal hosts, normalised to the product's lists, --state a fallback.
import { describe, expect, it } from "vitest";
import { canonicalState, isForeign, portalState, readClue, resolvePlace } from "../../server/ingest/importers/place.js";

describe("canonicalState", () => {
  it("answers the product's name for a state's name, an older name or another spelling", () => {
    expect(canonicalState("assam")).toBe("Assam");
    expect(canonicalState(" TAMIL  NADU ")).toBe("Tamil Nadu");
    expect(canonicalState("Orissa")).toBe("Odisha");
    expect(canonicalState("Jammu & Kashmir")).toBe("Jammu and Kashmir");
    expect(canonicalState("NCT of Delhi")).toBe("Delhi");
    expect(canonicalState("Pondicherry")).toBe("Puducherry");
  });
  it("answers null for anything else, a district included", () => {
    for (const v of ["London", "Pune", "", "   ", null, undefined, "Assam Rifles"]) expect(canonicalState(v)).toBeNull();
  });
});

describe("readClue", () => {
  it("a whole field: a state, a district (its state implied) or a district's main city", () => {
    expect(readClue({ text: "Maharashtra", kind: "field" })).toEqual({ state: "Maharashtra", district: null });
    expect(readClue({ text: "PUNE", kind: "field" })).toEqual({ state: "Maharashtra", district: { state: "Maharashtra", district: "Pune" } });
    expect(readClue({ text: "Guwahati", kind: "field" })).toEqual({ state: "Assam", district: { state: "Assam", district: "Kamrup Metropolitan" } });
    expect(readClue({ text: "Kochi", kind: "field" })).toEqual({ state: "Kerala", district: { state: "Kerala", district: "Ernakulam" } });
  });
  it("a whole field is not searched for words: 'GUWAHATI WEST' (Palashbari, Kamrup) names no district", () => {
    expect(readClue({ text: "GUWAHATI WEST", kind: "field" })).toEqual({ state: null, district: null });
    expect(readClue({ text: "Tinsukia", kind: "field" })).toEqual({ state: null, district: null }); // not in the product's list
  });
  it("an organisation chain: a state as words anywhere, a district as a whole level with its label", () => {
    expect(readClue({ text: "Cooperation Department||Assam State Co-operative Housing Federation Ltd.(HOUSEFED)", kind: "text" }))
      .toEqual({ state: "Assam", district: null });
    expect(readClue({ text: "Public Works Department||Nagpur Division||District Nagpur", kind: "text" }))
      .toEqual({ state: "Maharashtra", district: { state: "Maharashtra", district: "Nagpur" } });
    expect(readClue({ text: "Government of Maharashtra||Pune Municipal Corporation", kind: "text" }))
      .toEqual({ state: "Maharashtra", district: { state: "Maharashtra", district: "Pune" } });
    // A district's name inside a longer level is not read: 'Kota' in an office name is not Kota district.
    expect(readClue({ text: "Public Works Roads Department", kind: "text" })).toEqual({ state: null, district: null });
    expect(readClue({ text: "Kota Stone Quarry Lessees Association", kind: "text" })).toEqual({ state: null, district: null });
  });
  it("an office address names the state only (district: false), its city's state implied; PIN codes are not read", () => {
    expect(readClue({ text: "O/o the Chief Engineer Roads, PWRD, Assam, Chandmari, Guwahati, 781003.", kind: "text", district: false }))
      .toEqual({ state: "Assam", district: null });
    expect(readClue({ text: "O/O Chief Engineer Water Resources Department, Basistha, Guwahati 29", kind: "text", district: false }))
      .toEqual({ state: "Assam", district: null });
    expect(readClue({ text: "781006", kind: "field" })).toEqual({ state: null, district: null });
  });
  it("blank clues name nothing", () => {
    expect(readClue({ text: null, kind: "text" })).toEqual({ state: null, district: null });
    expect(readClue({ text: "  ", kind: "field" })).toEqual({ state: null, district: null });
  });
});

describe("portalState", () => {
  it("a state's e-procurement host, as a host or an address", () => {
    expect(portalState("assamtenders.gov.in")).toBe("Assam");
    expect(portalState("https://assamtenders.gov.in/nicgep/app?page=FrontEndTendersByOrganisation")).toBe("Assam");
    expect(portalState("https://etenders.kerala.gov.in/nicgep/app")).toBe("Kerala");
    expect(portalState("mahatenders.gov.in")).toBe("Maharashtra");
    expect(portalState("tntenders.gov.in")).toBe("Tamil Nadu");
    expect(portalState("https://etender.up.nic.in")).toBe("Uttar Pradesh");
  });
  it("a host label that is an object's property name names nothing (no prototype lookups)", () => {
    for (const v of ["https://__proto__.gov.in", "constructor.nic.in", "https://etenders.tostring.gov.in"]) expect(portalState(v)).toBeNull();
  });
  it("central portals, other countries' hosts and plain names name no state", () => {
    for (const v of ["eprocure.gov.in", "https://etenders.gov.in/eprocure/app", "http://data.companieshouse.gov.uk/doc/company/09506232",
      "https://assam.example.com", "assam", "Open Data Services Co-operative Limited", null, ""]) {
      expect(portalState(v)).toBeNull();
    }
  });
});

describe("isForeign", () => {
  it("a country other than India; none given is not foreign", () => {
    expect(isForeign("United Kingdom")).toBe(true);
    expect(isForeign("India")).toBe(false);
    expect(isForeign("IN")).toBe(false);
    expect(isForeign(null)).toBe(false);
  });
});

describe("resolvePlace", () => {
  const region = (text: string | null) => ({ text, kind: "field" as const });
  it("the first clue naming a state sets it; the first district of that state sets the district", () => {
    expect(resolvePlace([region(null), region("Karnataka"), region("Pune"), region("Mysuru")], null))
      .toEqual({ state: "Karnataka", district: "Mysuru", from: "source", disagreed: false });
  });
  it("--state only when no clue names a state", () => {
    expect(resolvePlace([region("London")], "Assam")).toEqual({ state: "Assam", district: null, from: "fallback", disagreed: false });
    expect(resolvePlace([region(null)], null)).toEqual({ state: null, district: null, from: "none", disagreed: false });
  });
  it("the source wins over --state, and says it disagreed", () => {
    expect(resolvePlace([region("Guwahati")], "Bihar")).toEqual({ state: "Assam", district: "Kamrup Metropolitan", from: "source", disagreed: true });
    expect(resolvePlace([region("Assam")], "Assam")).toMatchObject({ state: "Assam", disagreed: false });
  });
  it("a place outside India is in no state, the fallback included", () => {
    expect(resolvePlace([region("Assam")], "Assam", true)).toEqual({ state: null, district: null, from: "foreign", disagreed: true });
    expect(resolvePlace([region("London")], null, true)).toEqual({ state: null, district: null, from: "foreign", disagreed: false });
  });
});
