// Calendar days as date inputs hold them ('YYYY-MM-DD'): the lister's date filter and the
// dashboard's lead range apply a day only once it is complete, and bound one end by the other.
import { describe, expect, it } from "vitest";
import { daysBetween, isDay, shiftDay } from "../../src/lib/format";

describe("calendar days", () => {
  it("isDay: only a complete day with a four-digit year from 1000 on", () => {
    expect(isDay("2025-03-10")).toBe(true);
    expect(isDay("1000-01-01")).toBe(true);
    // What Chromium reports while the year is still being typed.
    expect(isDay("0002-03-01")).toBe(false);
    expect(isDay("0020-03-01")).toBe(false);
    expect(isDay("0202-03-01")).toBe(false);
    expect(isDay("")).toBe(false);
    expect(isDay("2025-3-10")).toBe(false);
    expect(isDay("2025-03-10T00:00:00Z")).toBe(false);
    expect(isDay("12025-03-10")).toBe(false);
  });

  it("shiftDay: whole days forward and back, across months and years", () => {
    expect(shiftDay("2025-03-10", 1)).toBe("2025-03-11");
    expect(shiftDay("2025-03-10", 0)).toBe("2025-03-10");
    expect(shiftDay("2025-03-01", -1)).toBe("2025-02-28");
    expect(shiftDay("2024-12-31", 1)).toBe("2025-01-01");
    expect(shiftDay("2024-02-28", 1)).toBe("2024-02-29");
    expect(shiftDay("2025-01-01", -365)).toBe("2024-01-02");
  });

  it("daysBetween: both ends counted", () => {
    expect(daysBetween("2025-03-10", "2025-03-10")).toBe(1);
    expect(daysBetween("2025-03-01", "2025-03-31")).toBe(31);
    expect(daysBetween("2024-12-31", "2025-01-01")).toBe(2);
    expect(daysBetween("2025-03-10", shiftDay("2025-03-10", 89))).toBe(90);
  });
});
