import { describe, expect, it } from "vitest";
import { countOf, displayCredits, formatAmount, formatDate, formatDateTime, formatDayMonth, formatShare, formatIndianNumber, formatIstDate, formatIstDateTime, formatRupees, NOT_SPECIFIED } from "../../src/lib/format";

describe("Indian number formatting", () => {
  it("groups digits the Indian way", () => {
    expect(formatIndianNumber(123456789)).toBe("12,34,56,789");
    expect(formatIndianNumber(100000)).toBe("1,00,000");
    expect(formatIndianNumber(999)).toBe("999");
    expect(formatIndianNumber(1234.5)).toBe("1,234.5");
    expect(formatIndianNumber(-1234567)).toBe("-12,34,567");
    expect(formatIndianNumber("45,00,000")).toBe("45,00,000");
  });

  it("shows rupee values in lakh and crore", () => {
    expect(formatRupees(25_000_000)).toBe("₹ 2.5 Cr");
    expect(formatRupees(4_500_000)).toBe("₹ 45 L");
    expect(formatRupees(100_000)).toBe("₹ 1 L");
    expect(formatRupees(10_000_000)).toBe("₹ 1 Cr");
    expect(formatRupees(99_999)).toBe("₹ 99,999");
    expect(formatRupees(123_456_789_000)).toBe("₹ 12,345.68 Cr");
    expect(formatRupees("2500000")).toBe("₹ 25 L");
  });

  it("has long forms", () => {
    expect(formatRupees(25_000_000, "long")).toBe("₹ 2.5 Crore");
    expect(formatAmount(4_500_000, "long")).toBe("45 Lakh");
    expect(formatAmount(4_500_000)).toBe("45 L");
  });

  it("shows 'Not Specified' for anything that is not a number", () => {
    for (const v of [null, undefined, Number.NaN, "", "  ", "abc", {}, Infinity]) {
      expect(formatRupees(v)).toBe(NOT_SPECIFIED);
      expect(formatIndianNumber(v)).toBe(NOT_SPECIFIED);
    }
    expect(NOT_SPECIFIED).toBe("Not Specified");
    expect(formatRupees(0)).toBe("₹ 0");
  });

  it("formats dates as 'DD MMM, YYYY'", () => {
    expect(formatDate("2025-03-05")).toBe("05 Mar, 2025");
    expect(formatDate("2024-12-31T10:00:00")).toBe("31 Dec, 2024");
    expect(formatDate(null)).toBe(NOT_SPECIFIED);
    expect(formatDate("not a date")).toBe(NOT_SPECIFIED);
  });

  it("never shows negative credits", () => {
    expect(displayCredits(-5)).toBe(0);
    expect(displayCredits(12)).toBe(12);
    expect(displayCredits(undefined)).toBe(0);
  });
});

describe("countOf", () => {
  it("makes the noun agree with the count, for every lister's noun", () => {
    expect(countOf(1, "tender")).toBe("1 tender");
    expect(countOf(0, "tender")).toBe("0 tenders");
    expect(countOf(1, "company", "companies")).toBe("1 company");
    expect(countOf(123456, "company", "companies")).toBe("1,23,456 companies");
    expect(countOf(1, "lead to review", "leads to review")).toBe("1 lead to review");
    expect(countOf(null, "result")).toBe("0 results");
  });
});

describe("formatIstDate", () => {
  it("shows the IST day of an instant, whatever the browser's zone", () => {
    // GePNIC 'Contract Date : 24-Apr-2024' is stored as IST midnight.
    expect(formatIstDate("2024-04-23T18:30:00.000Z")).toBe("24 Apr, 2024");
    expect(formatIstDate("2024-09-19T18:29:59.000Z")).toBe("19 Sep, 2024");
    expect(formatIstDate("2024-09-19T18:30:00.000Z")).toBe("20 Sep, 2024");
    expect(formatIstDate(null)).toBe(NOT_SPECIFIED);
    expect(formatIstDate("not a date")).toBe(NOT_SPECIFIED);
  });
});

describe("every time in IST, labelled (issue 17: times were shown in the browser's zone in some places)", () => {
  it("a moment shows India's date and time and says IST, whatever the browser's zone", () => {
    // 20:00 UTC is 01:30 the next morning in India.
    expect(formatDateTime("2025-03-05T20:00:00Z")).toBe("06 Mar, 2025 01:30 AM IST");
    expect(formatIstDateTime("2025-03-05T04:30:00Z")).toBe("05 Mar, 2025 10:00 AM IST");
    expect(formatDateTime(null)).toBe(NOT_SPECIFIED);
  });

  it("an instant's date is its day in India; a calendar day stays that day", () => {
    expect(formatDate("2025-03-05T20:00:00Z")).toBe("06 Mar, 2025");
    expect(formatDate("2025-03-05")).toBe("05 Mar, 2025");
    expect(formatDate("2025-03-05T10:00:00Z")).toBe("05 Mar, 2025");
  });
});

describe("chart numbers", () => {
  it("reads a 0–1 share as a percentage with at most one decimal", () => {
    expect(formatShare(0.253)).toBe("25.3%");
    expect(formatShare(0.5)).toBe("50%");
    expect(formatShare(-0.022)).toBe("-2.2%");
    expect(formatShare(null)).toBe(NOT_SPECIFIED);
  });

  it("labels a calendar day 'DD MMM' on an axis", () => {
    expect(formatDayMonth("2025-03-05")).toBe("05 Mar");
    expect(formatDayMonth("2025-12-31")).toBe("31 Dec");
    expect(formatDayMonth("not a day")).toBe(NOT_SPECIFIED);
  });
});
