// Our own SVG bar chart (src/components/charts/BarChart.tsx) through the components the pages use:
// a bar per series and category, negative values below the zero line, axis ticks in lakh / crore,
// long names cut with the full name in a <title>, bars that open something as buttons (click,
// Enter, Space), the empty state, and the tooltip on hover and on keyboard focus.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CountBars, RupeeBars, SeriesBars } from "../../src/components/companies/charts";
import { CountBars as DashCountBars, DayBars, SplitBars } from "../../src/pages/dashboard/panels/charts";

const years = [
  { fiscal_year: "2021-22", revenue: 180_000_000, profit: 12_000_000 },
  { fiscal_year: "2022-23", revenue: 250_000_000, profit: -30_000_000 },
  { fiscal_year: "2023-24", revenue: 210_000_000, profit: 15_000_000 },
];
const finance = (
  <RupeeBars
    label="Revenue and profit by fiscal year"
    data={years}
    category="fiscal_year"
    series={[
      { key: "revenue", label: "Revenue", colour: "#1b6fb5" },
      { key: "profit", label: "Profit", colour: "#2f9e44" },
    ]}
  />
);

const bars = (container: HTMLElement, series?: string) => [...container.querySelectorAll<SVGRectElement>(`.chart-bar${series ? `[data-series="${series}"]` : ""}`)];
const num = (el: Element, attr: string) => Number(el.getAttribute(attr));
const tooltip = () => document.querySelector(".chart-tooltip");

describe("SeriesBars / RupeeBars", () => {
  it("draws one bar per series and category in an SVG, with a legend for the two series", () => {
    const { container } = render(finance);
    const chart = screen.getByRole("img", { name: "Revenue and profit by fiscal year" });
    expect(chart.querySelector("svg.chart-svg")).not.toBeNull();
    expect(bars(container)).toHaveLength(6);
    expect(bars(container, "revenue")).toHaveLength(3);
    expect([...container.querySelectorAll(".chart-legend li")].map((li) => li.textContent)).toEqual(["Revenue", "Profit"]);
    expect([...container.querySelectorAll(".chart-category-axis text")].map((t) => t.textContent)).toEqual(["2021-22", "2022-23", "2023-24"]);
  });

  it("draws a negative value below the zero line and a positive one above it", () => {
    const { container } = render(finance);
    const zero = container.querySelector(".chart-zero")!;
    const zeroY = num(zero, "y1");
    const [gain, loss] = bars(container, "profit");
    expect(num(gain, "y") + num(gain, "height")).toBeCloseTo(zeroY, 5); // ends on the line
    expect(num(loss, "y")).toBeCloseTo(zeroY, 5); // starts on the line, goes down
    expect(num(loss, "height")).toBeGreaterThan(0);
    // Bars for larger values are longer: revenue 25 Cr is the tallest.
    const heights = bars(container, "revenue").map((b) => num(b, "height"));
    expect(Math.max(...heights)).toBe(heights[1]);
  });

  it("reads the value axis in lakh and crore at nice ticks", () => {
    const { container } = render(finance);
    const ticks = [...container.querySelectorAll(".chart-value-axis text")].map((t) => t.textContent);
    expect(ticks).toContain("0");
    expect(ticks).toContain("-5 Cr");
    expect(ticks).toContain("25 Cr");
    expect(ticks.some((t) => /^2\.5 Cr$|^5 Cr$/.test(t!))).toBe(true);
  });

  it("reads counts in Indian grouping, shares as percentages", () => {
    const rows = [{ name: "A", bid: 150_000, share: 0.253 }];
    const { container } = render(<SeriesBars label="Counts" kind="count" data={rows} category="name" series={[{ key: "bid", label: "Bid" }]} />);
    expect([...container.querySelectorAll(".chart-value-axis text")].map((t) => t.textContent)).toContain("1,50,000");
    render(<SeriesBars label="Shares" kind="share" data={rows} category="name" series={[{ key: "share", label: "Win rate" }]} />);
    const chart = screen.getByRole("img", { name: "Shares" });
    fireEvent.mouseEnter(chart.querySelector(".chart-category")!);
    expect(tooltip()!.textContent).toContain("Win rate: 25.3%");
  });

  it("cuts long names with '…' and keeps the full name in a <title> and the tooltip", () => {
    const name = "Larsen and Toubro Construction Limited";
    const { container } = render(<CountBars label="Projects by sector" data={[{ text: name, count: 4 }, { text: "Roads", count: 2 }]} />);
    const ticks = [...container.querySelectorAll(".chart-category-axis text.chart-tick")];
    expect(ticks[0].textContent).toBe(`${name}${name.slice(0, 19)}…`); // the <title>'s text, then the cut name
    expect(ticks[0].querySelector("title")!.textContent).toBe(name);
    expect(ticks[1].querySelector("title")).toBeNull();
    fireEvent.mouseEnter(container.querySelectorAll(".chart-category")[0]);
    expect(tooltip()!.textContent).toContain(name);
  });

  it("shows the tooltip with the value in lakh / crore on hover, and hides it after", () => {
    const { container } = render(finance);
    expect(tooltip()).toBeNull();
    const group = container.querySelectorAll(".chart-category")[1];
    fireEvent.mouseEnter(group);
    expect(tooltip()!.textContent).toContain("2022-23");
    expect(tooltip()!.textContent).toContain("Revenue: ₹ 25 Crore");
    expect(tooltip()!.textContent).toContain("Profit: ₹ -3 Crore");
    fireEvent.mouseLeave(group);
    expect(tooltip()).toBeNull();
  });

  it("says 'No figures to chart' when there are none", () => {
    render(<RupeeBars label="Nothing" data={[{ fiscal_year: "2023-24", revenue: null }]} category="fiscal_year" series={[{ key: "revenue", label: "Revenue" }]} />);
    expect(screen.getByText("No figures to chart")).toBeTruthy();
    expect(document.querySelector(".chart-svg")).toBeNull();
  });

  it("is one image (no buttons) when its bars open nothing", () => {
    const { container } = render(finance);
    expect(screen.getByRole("img", { name: "Revenue and profit by fiscal year" })).toBeTruthy();
    expect(container.querySelectorAll("[tabindex]")).toHaveLength(0);
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });
});

describe("dashboard charts", () => {
  const rows = [
    { name: "Shortlisted", construction: 12, industrial: 3 },
    { name: "Tentative", construction: 0, industrial: 5 },
  ];

  it("SplitBars: stacked bars with their numbers inside; each part a button that opens its row on click, Enter and Space", () => {
    const onOpen = vi.fn();
    const { container } = render(<SplitBars label="Your leads by mark" rows={rows} onOpen={onOpen} />);
    // A figure, not an image: it holds buttons.
    expect(screen.queryByRole("img", { name: "Your leads by mark" })).toBeNull();
    expect(screen.getByRole("figure", { name: "Your leads by mark" })).toBeTruthy();
    const [a, b] = bars(container, "construction");
    const [c] = bars(container, "industrial");
    expect(num(c, "x")).toBeCloseTo(num(a, "x") + num(a, "width"), 5); // stacked: industrial starts where construction ends
    expect(b.getAttribute("width")).toBe("0"); // a zero part draws nothing to click
    expect(b.getAttribute("role")).toBeNull();
    expect(container.querySelectorAll(".chart-label")[0].textContent).toBe("12");

    const buttons = screen.getAllByRole("button");
    expect(buttons.map((x) => x.getAttribute("aria-label"))).toEqual(["Shortlisted, Construction: 12", "Shortlisted, Industrial: 3", "Tentative, Industrial: 5"]);
    expect(buttons.every((x) => x.getAttribute("tabindex") === "0")).toBe(true);
    fireEvent.click(buttons[0]);
    expect(onOpen).toHaveBeenLastCalledWith(rows[0], "construction");
    fireEvent.keyDown(buttons[2], { key: "Enter" });
    expect(onOpen).toHaveBeenLastCalledWith(rows[1], "industrial");
    fireEvent.keyDown(buttons[1], { key: " " });
    expect(onOpen).toHaveBeenLastCalledWith(rows[0], "industrial");
    expect(onOpen).toHaveBeenCalledTimes(3);
  });

  it("shows the tooltip on keyboard focus of a bar, described by it, and Escape hides it", () => {
    render(<SplitBars label="Your leads by mark" rows={rows} onOpen={() => {}} />);
    const button = screen.getByRole("button", { name: "Tentative, Industrial: 5" });
    fireEvent.focus(button);
    const tip = screen.getByRole("tooltip");
    expect(tip.textContent).toContain("Tentative");
    expect(tip.textContent).toContain("Industrial: 5");
    expect(button.getAttribute("aria-describedby")).toBe(tip.id);
    fireEvent.keyDown(button, { key: "Escape" });
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("SplitBars: bars whose row opens nothing are not buttons", () => {
    render(<SplitBars label="By status" rows={[{ name: "Not Specified", construction: 2, industrial: 0 }, { name: "Planning", construction: 1, industrial: 0 }]} onOpen={() => {}} opens={(r) => r.name !== "Not Specified"} />);
    expect(screen.getAllByRole("button").map((x) => x.getAttribute("aria-label"))).toEqual(["Planning, Construction: 1"]);
  });

  it("CountBars: a colour per bar and its number at the bar's end; 'Nothing to chart yet' when every count is 0", () => {
    const onOpen = vi.fn();
    const reminders = [
      { name: "Overdue", count: 1200, colour: "#c92a2a" },
      { name: "Today", count: 3, colour: "#e67700" },
    ];
    const { container, unmount } = render(<DashCountBars label="Reminders" rows={reminders} onOpen={onOpen} />);
    expect(bars(container).map((b) => b.getAttribute("fill"))).toEqual(["#c92a2a", "#e67700"]);
    const labels = [...container.querySelectorAll(".chart-label")];
    expect(labels.map((l) => l.textContent)).toEqual(["1,200", "3"]);
    expect(num(labels[0], "y")).toBeLessThan(num(bars(container)[0], "y")); // above the column
    fireEvent.keyDown(screen.getByRole("button", { name: "Overdue: 1,200" }), { key: "Enter" });
    expect(onOpen).toHaveBeenCalledWith(reminders[0]);
    unmount();
    render(<DashCountBars label="Reminders" rows={reminders.map((r) => ({ ...r, count: 0 }))} />);
    expect(screen.getByText("Nothing to chart yet")).toBeTruthy();
  });

  it("DayBars: 'DD MMM' ticks, left out in turn where 30 days would crowd a phone-width chart; a day opens on click", () => {
    const onOpen = vi.fn();
    const days = Array.from({ length: 30 }, (_, i) => ({ date: `2025-03-${String(i + 1).padStart(2, "0")}`, count: i % 4 }));
    const { container } = render(<DayBars label="Leads per day" days={days} onOpen={onOpen} />);
    expect(bars(container)).toHaveLength(30);
    const ticks = [...container.querySelectorAll(".chart-category-axis text")].map((t) => t.textContent);
    expect(ticks[0]).toBe("01 Mar");
    expect(ticks.length).toBeLessThan(30); // 30 labels of ~36 px do not fit in 600 px
    expect(ticks.length).toBeGreaterThan(4);
    fireEvent.click(screen.getByRole("button", { name: "02 Mar: 1" }));
    expect(onOpen).toHaveBeenCalledWith("2025-03-02");
    fireEvent.mouseEnter(container.querySelectorAll(".chart-category")[5]);
    expect(tooltip()!.textContent).toContain("06 Mar, 2025");
    expect(tooltip()!.textContent).toContain("Leads: 1");
  });
});

describe("the chart's width", () => {
  it("is the box's, measured and followed as it changes (ResizeObserver); day ticks thin out at phone width", () => {
    let resized: (width: number) => void = () => {};
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(private callback: (entries: { contentRect: { width: number } }[]) => void) {}
        observe() {
          resized = (width) => this.callback([{ contentRect: { width } }]);
          resized(342); // a phone's 390 px less the card's padding
        }
        disconnect() {}
      },
    );
    const days = Array.from({ length: 30 }, (_, i) => ({ date: `2025-03-${String(i + 1).padStart(2, "0")}`, count: 1 + (i % 4) }));
    const { container } = render(<DayBars label="Leads per day" days={days} />);
    const svg = () => container.querySelector("svg.chart-svg")!;
    const ticks = () => container.querySelectorAll(".chart-category-axis text").length;
    expect(svg().getAttribute("width")).toBe("342");
    const phoneTicks = ticks();
    expect(phoneTicks).toBeGreaterThanOrEqual(3);
    expect(phoneTicks).toBeLessThanOrEqual(8); // ~36 px labels, 12 px apart, in ~300 px
    expect(bars(container)).toHaveLength(30);
    act(() => resized(1100));
    expect(svg().getAttribute("width")).toBe("1100");
    expect(ticks()).toBeGreaterThan(phoneTicks);
    // Each bar stays inside the drawing.
    for (const b of bars(container)) expect(num(b, "x") + num(b, "width")).toBeLessThanOrEqual(1100);
  });
});
