import { describe, expect, it } from "vitest";
import { cleanSearchText, searchTextParams } from "../../src/lib/searchText";

describe("search text", () => {
  it("turns '&' and ' and ' into spaces for q", () => {
    expect(cleanSearchText("Roads & Bridges")).toBe("Roads Bridges");
    expect(cleanSearchText("cement and steel plant")).toBe("cement steel plant");
    expect(cleanSearchText("Cement AND Steel")).toBe("Cement Steel");
    expect(cleanSearchText("L&T")).toBe("L T");
  });

  it("keeps words that merely contain 'and'", () => {
    expect(cleanSearchText("Andhra Pradesh sandstone")).toBe("Andhra Pradesh sandstone");
  });

  it("sends oq exactly as typed", () => {
    expect(searchTextParams("Roads & Bridges and Flyovers")).toEqual({ q: "Roads Bridges Flyovers", oq: "Roads & Bridges and Flyovers" });
    expect(searchTextParams("  ")).toEqual({});
    expect(searchTextParams(undefined)).toEqual({});
  });
});
