// Pickers show India's wall-clock time whatever the browser's zone, and read it back as IST.
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { formatIstDateTime, fromIstWallClock, toIstWallClock } from "../../src/lib/format";

describe("IST wall clock for date pickers", () => {
  it("shows 04:30 UTC as 10:00 and reads 10:00 back as 04:30 UTC, across a date line", () => {
    const picked = toIstWallClock("2026-03-31T20:15:00.000Z");
    expect(picked.format("YYYY-MM-DD HH:mm")).toBe("2026-04-01 01:45");
    expect(fromIstWallClock(picked)).toBe("2026-03-31T20:15:00.000Z");
    expect(fromIstWallClock(dayjs(new Date(2026, 10, 27, 10, 0)))).toBe("2026-11-27T04:30:00.000Z");
  });
  it("labels times with IST", () => {
    expect(formatIstDateTime("2026-11-27T04:30:00.000Z")).toBe("27 Nov, 2026 10:00 AM IST");
  });
});
