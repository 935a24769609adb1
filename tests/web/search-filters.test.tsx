// A lister's filter panel as a user works it, read back from the URL it writes: date ranges in the
// browser's own date inputs (India's calendar days, whatever the machine's zone), 'Fresh' taking
// over 'Retrieved on', and the value filter's amounts applied with Enter.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import type { ListerConfig } from "../../src/components/search/config";
import { SearchFilters } from "../../src/components/search/SearchFilters";
import { useSearchState } from "../../src/components/search/useSearchState";

const config: ListerConfig = {
  resource: "leads",
  endpoint: "list/search/",
  noun: "leads",
  nounOne: "lead",
  facets: [],
  price: { field: "value", label: "Value" },
  dates: [
    { field: "retrieved_on", label: "Retrieved on" },
    { field: "start_date", label: "Start date" },
  ],
  freshField: "retrieved_on",
  sorts: [{ value: "", label: "Relevance" }],
};

function Panel() {
  const search = useSearchState();
  const location = useLocation();
  return (
    <>
      <SearchFilters config={config} search={search} facets={{}} />
      <output data-testid="url">{location.search}</output>
    </>
  );
}

const renderPanel = (url = "/private-construction-leads") =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Panel />
    </MemoryRouter>,
  );
const params = () => new URLSearchParams(screen.getByTestId("url").textContent ?? "");
const filters = () => params().getAll("filter");
const dates = (label: string) => {
  const group = screen.getByRole("group", { name: `${label} range` });
  return { group, from: within(group).getByLabelText(`${label} From`) as HTMLInputElement, to: within(group).getByLabelText(`${label} To`) as HTMLInputElement };
};
const pick = (input: HTMLInputElement, day: string) => fireEvent.change(input, { target: { value: day } });

describe("date ranges in the filter panel", () => {
  it("are two date fields, From and To, named by the filter; the days picked are India's days in the URL", () => {
    renderPanel();
    const { from, to } = dates("Retrieved on");
    expect(from.type).toBe("date");
    expect(to.type).toBe("date");
    pick(from, "2025-03-01");
    // One end is a range open at the other.
    expect(filters()).toEqual(["retrieved_on:[2025-02-28T18:30:00Z TO *]"]);
    pick(to, "2025-03-10");
    expect(filters()).toEqual(["retrieved_on:[2025-02-28T18:30:00Z TO 2025-03-10T18:29:59.999Z]"]);
    expect(from.value).toBe("2025-03-01");
    expect(to.value).toBe("2025-03-10");
  });

  it("show the days of a range in a link, and emptying an end opens it; Clear removes the range", () => {
    renderPanel("/private-construction-leads?filter=start_date:[2024-12-31T18:30:00Z TO 2025-01-31T18:29:59.999Z]");
    const { group, from, to } = dates("Start date");
    expect(from.value).toBe("2025-01-01");
    expect(to.value).toBe("2025-01-31");
    pick(to, "");
    expect(filters()).toEqual(["start_date:[2024-12-31T18:30:00Z TO *]"]);
    fireEvent.click(within(group).getByLabelText("Clear Start date"));
    expect(filters()).toEqual([]);
    expect(from.value).toBe("");
  });

  it("refuse a From after To, saying so, until one of them is changed", () => {
    renderPanel("/private-construction-leads?filter=start_date:[2025-02-28T18:30:00Z TO 2025-03-05T18:29:59.999Z]");
    const { group, from, to } = dates("Start date");
    pick(from, "2025-03-10"); // moving the range to 10–15 Mar, From first
    expect(within(group).getByRole("alert").textContent).toMatch(/‘From’ is after ‘To’/);
    expect(from.getAttribute("aria-invalid")).toBe("true");
    expect(filters()).toEqual(["start_date:[2025-02-28T18:30:00Z TO 2025-03-05T18:29:59.999Z]"]); // unchanged
    pick(to, "2025-03-15");
    expect(filters()).toEqual(["start_date:[2025-03-09T18:30:00Z TO 2025-03-15T18:29:59.999Z]"]);
    expect(within(group).queryByRole("alert")).toBeNull();
    // Clear empties both fields, also a From typed after To and not applied.
    pick(from, "2025-03-20");
    within(group).getByRole("alert");
    fireEvent.click(within(group).getByLabelText("Clear Start date"));
    expect(filters()).toEqual([]);
    expect([from.value, to.value]).toEqual(["", ""]);
    expect(within(group).queryByRole("alert")).toBeNull();
  });

  it("stay empty after Clear while the panel goes on changing (antd's Input writes its own copy back on every render)", () => {
    renderPanel("/private-construction-leads?filter=start_date:[2024-12-31T18:30:00Z TO 2025-01-31T18:29:59.999Z]");
    const { group, from, to } = dates("Start date");
    fireEvent.click(within(group).getByLabelText("Clear Start date"));
    pick(dates("Retrieved on").from, "2025-03-01"); // the panel renders again
    expect(filters()).toEqual(["retrieved_on:[2025-02-28T18:30:00Z TO *]"]);
    expect([from.value, to.value]).toEqual(["", ""]);
  });

  it("wait for a whole year: Chromium reports '0002-…' while the year is being typed", () => {
    renderPanel();
    const { from } = dates("Start date");
    pick(from, "0002-03-01");
    pick(from, "0202-03-01");
    expect(filters()).toEqual([]);
    pick(from, "2025-03-01");
    expect(filters()).toEqual(["start_date:[2025-02-28T18:30:00Z TO *]"]);
  });

  it("'Fresh' takes over Retrieved on: its fields are disabled and say why; the other dates stay", () => {
    renderPanel("/private-construction-leads?filter=retrieved_on:[2025-02-28T18:30:00Z TO *]");
    fireEvent.click(screen.getByRole("switch", { name: "Fresh" }));
    expect(params().get("fresh")).toBe("true");
    expect(filters()).toEqual([]);
    const retrieved = dates("Retrieved on");
    expect(retrieved.from.disabled).toBe(true);
    expect(retrieved.to.disabled).toBe(true);
    expect(retrieved.from.value).toBe("");
    within(retrieved.group).getByText("'Fresh' sets the last 30 days");
    expect(document.getElementById(retrieved.from.getAttribute("aria-describedby") ?? "")?.textContent).toBe("'Fresh' sets the last 30 days");
    expect(dates("Start date").from.disabled).toBe(false);
  });
});

describe("the value filter", () => {
  const amount = (name: "Minimum value" | "Maximum value") => screen.getByLabelText(name) as HTMLInputElement;

  it("is number fields from 0 with a decimal keypad; Enter applies the amounts in the denomination chosen", () => {
    renderPanel();
    const min = amount("Minimum value");
    expect(min.type).toBe("number");
    expect(min.inputMode).toBe("decimal");
    expect(min.min).toBe("0");
    fireEvent.change(min, { target: { value: "2.5" } });
    fireEvent.change(amount("Maximum value"), { target: { value: "50" } });
    expect(filters()).toEqual([]); // not before Enter or Apply
    fireEvent.keyDown(amount("Maximum value"), { key: "Enter", code: "Enter", keyCode: 13 });
    expect(filters()).toEqual(["value:[25000000 TO 500000000]"]);
    expect(params().get("unit")).toBe("cr");
  });

  it("shows the amounts of a link, and refuses a minimum above the maximum", () => {
    renderPanel("/private-construction-leads?filter=value:[10000000 TO *]&unit=cr");
    expect(amount("Minimum value").value).toBe("1");
    expect(amount("Maximum value").value).toBe("");
    fireEvent.change(amount("Maximum value"), { target: { value: "0.5" } });
    screen.getByText("The minimum is above the maximum.");
    fireEvent.keyDown(amount("Maximum value"), { key: "Enter", code: "Enter", keyCode: 13 });
    expect(filters()).toEqual(["value:[10000000 TO *]"]);
    expect((screen.getByRole("button", { name: "Apply value" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(amount("Maximum value"), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply value" }));
    expect(filters()).toEqual(["value:[10000000 TO 50000000]"]);
  });
});
