// A lister's facet group (src/components/search/FacetPanel.tsx) as a keyboard and screen-reader
// user meets it: a group named by its field, one checkbox per value named by it (with its count
// read aloud), 'Clear' and 'Show more' as real buttons (reachable with Tab), selected values kept
// in view when folded.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FacetPanel } from "../../src/components/search/FacetPanel";

const states = ["Kerala", "Goa", "Assam", "Bihar", "Punjab", "Sikkim", "Tripura", "Odisha"].map((text, i) => ({ text, count: 1000 - i * 100 }));

describe("FacetPanel", () => {
  it("a group of named checkboxes; Show more is a button saying whether it is open; a pick folds into view", () => {
    const onChange = vi.fn();
    const { rerender } = render(<FacetPanel fields={[{ field: "state", label: "State" }]} facets={{ state: states }} selected={{}} onChange={onChange} noun="leads" />);
    const group = screen.getByRole("group", { name: "State" });
    expect(within(group).getAllByRole("checkbox").map((c) => c.closest("label")!.textContent)).toEqual(["Kerala", "Goa", "Assam", "Bihar", "Punjab", "Sikkim"]);
    expect(within(group).getByLabelText("1,000 leads")).toBeTruthy();
    fireEvent.click(within(group).getByRole("checkbox", { name: "Goa" }));
    expect(onChange).toHaveBeenLastCalledWith("state", ["Goa"]);
    const more = within(group).getByRole("button", { name: "Show more (2)" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(more);
    expect(within(group).getAllByRole("checkbox")).toHaveLength(8);
    expect(within(group).getByRole("button", { name: "Show less" }).getAttribute("aria-expanded")).toBe("true");
    // Folded again with Odisha picked: it stays in view, ticked.
    fireEvent.click(within(group).getByRole("button", { name: "Show less" }));
    rerender(<FacetPanel fields={[{ field: "state", label: "State" }]} facets={{ state: states }} selected={{ state: ["Odisha"] }} onChange={onChange} noun="leads" />);
    expect((within(group).getByRole("checkbox", { name: "Odisha" }) as HTMLInputElement).checked).toBe(true);
  });

  it("Clear is a button (in the Tab order) that empties the group", () => {
    const onChange = vi.fn();
    render(<FacetPanel fields={[{ field: "state", label: "State" }]} facets={{ state: states }} selected={{ state: ["Goa", "Assam"] }} onChange={onChange} />);
    const clear = screen.getByRole("button", { name: "Clear State" });
    expect(clear.tagName).toBe("BUTTON");
    expect(clear.tabIndex).toBe(0);
    fireEvent.click(clear);
    expect(onChange).toHaveBeenLastCalledWith("state", []);
  });
});
