// The app's table of rows (src/components/page/DataTable.tsx), which stands where antd's Table
// stood on the listers: column heads as column headers, one row per record in order, cells from
// render(value, row, index) or the row's field, the empty message only when nothing is loading,
// rows kept (dimmed) under a spinner while the next page loads, and a sideways scroll below minWidth.
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DataTable, type DataColumn } from "../../src/components/page/DataTable";

type Row = { id: number; name: string; value: number | null };
const rows: Row[] = [
  { id: 7, name: "Metro depot", value: 1200 },
  { id: 3, name: "Flyover", value: null },
];
const columns: DataColumn<Row>[] = [
  { key: "name", title: "Project", dataIndex: "name", ellipsis: true },
  { key: "value", title: "Value", align: "right", width: 120, render: (_, row, index) => `${index + 1}: ${row.value ?? "—"}` },
];

const bodyRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

describe("DataTable", () => {
  it("shows a head of column headers and a row per record, in order", () => {
    render(<DataTable columns={columns} rows={rows} rowKey="id" minWidth={720} className="lead-table" />);
    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Project", "Value"]);
    expect(bodyRows().map((r) => within(r).getAllByRole("cell").map((c) => c.textContent))).toEqual([
      ["Metro depot", "1: 1200"],
      ["Flyover", "2: —"],
    ]);
    const [name, value] = within(bodyRows()[0]).getAllByRole("cell");
    expect(name.getAttribute("title")).toBe("Metro depot"); // cut to one line, the whole text on hover
    expect(value.style.textAlign).toBe("right");
    expect(table.style.minWidth).toBe("720px");
    expect(table.closest(".data-table")!.classList.contains("lead-table")).toBe(true);
    expect(table.closest(".data-table")!.getAttribute("aria-busy")).toBeNull();
  });

  it("an empty table says so, but not while the first page loads", () => {
    const { rerender } = render(<DataTable columns={columns} rows={undefined} rowKey="id" loading empty="No leads match this search" />);
    expect(screen.queryByText("No leads match this search")).toBeNull();
    expect(screen.getByRole("progressbar", { name: "Loading" })).toBeTruthy();
    rerender(<DataTable columns={columns} rows={[]} rowKey="id" empty="No leads match this search" />);
    const [only] = bodyRows();
    expect(within(only).getByRole("cell").textContent).toBe("No leads match this search");
    expect(within(only).getByRole("cell").getAttribute("colspan")).toBe("2");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("while the next page loads, the rows stay under a spinner and the table is marked busy", () => {
    render(<DataTable columns={columns} rows={rows} rowKey="id" loading />);
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByRole("table").closest(".data-table")!.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("progressbar", { name: "Loading" })).toBeTruthy();
  });
});
