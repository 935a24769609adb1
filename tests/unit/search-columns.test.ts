// A keyword column takes one byte a row while its dictionary is small, and widens (8 → 16 → 32
// bits) as it grows, every row keeping its text.
import { describe, expect, it } from "vitest";
import { KeywordColumn } from "../../server/search/columns.js";

const textAt = (col: KeywordColumn, pos: number) => col.dict.texts[col.codes[pos]];

describe("keyword columns", () => {
  it("take one byte a row for up to 255 texts, then widen without losing a row's text", () => {
    const col = new KeywordColumn(4);
    col.grow(80_000);
    for (let i = 0; i < 255; i++) col.set(i, `state ${i}`);
    col.set(255, null);
    expect(col.codes.BYTES_PER_ELEMENT).toBe(1);
    col.set(256, "one more");
    expect(col.codes.BYTES_PER_ELEMENT).toBe(2);
    for (let i = 257; i < 70_000; i++) col.set(i, `owner ${i}`);
    expect(col.codes.BYTES_PER_ELEMENT).toBe(4);
    expect(col.codes.length).toBe(80_000);
    expect([textAt(col, 0), textAt(col, 254), textAt(col, 255), textAt(col, 256), textAt(col, 69_999)]).toEqual(["state 0", "state 254", null, "one more", "owner 69999"]);
  });
});
