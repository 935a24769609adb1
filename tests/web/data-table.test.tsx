// The app's table of rows (src/components/page/DataTable.tsx), which stands where antd's Table
// stood on the listers: column heads as column headers, one row per record in order, cells from
// render(value, row, index) or the row's field, the empty message only when nothing is loading,
// rows kept (dimmed) under a spinner while the next page loads, and a sideways scroll below minWidth.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { DataTable, type DataColumn } from "../../src/components/page/DataTable";
import { setViewportWidth } from "./setup";

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

  it("pages the rows it holds: a pager from two pages up, the rows of the page chosen", () => {
    const many: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}`, value: i }));
    const names = () => bodyRows().map((r) => within(r).getAllByRole("cell")[0].textContent);
    const { rerender } = render(<DataTable columns={columns} rows={many.slice(0, 5)} rowKey="id" pagination={{ pageSize: 5 }} />);
    expect(screen.queryByRole("list")).toBeNull(); // one page: no pager, as antd's tables here showed it
    rerender(<DataTable columns={columns} rows={many} rowKey="id" pagination={{ pageSize: 5 }} />);
    expect(names()).toEqual(["Row 1", "Row 2", "Row 3", "Row 4", "Row 5"]);
    fireEvent.click(screen.getByTitle("3"));
    expect(names()).toEqual(["Row 11", "Row 12"]);
    rerender(<DataTable columns={columns} rows={many.slice(0, 7)} rowKey="id" pagination={{ pageSize: 5 }} />);
    expect(names()).toEqual(["Row 6", "Row 7"]); // fewer rows: the last page there is
  });

  it("shows the page the server sent, and asks for another through onChange", () => {
    const onChange = vi.fn();
    render(<DataTable columns={columns} rows={rows} rowKey="id" pagination={{ current: 2, pageSize: 2, total: 9, onChange, showTotal: (n) => `${n} rows` }} />);
    expect(bodyRows()).toHaveLength(2); // the rows as given: they are page 2
    expect(screen.getByText("9 rows")).toBeTruthy();
    expect(screen.getByTitle("2").className).toContain("ant-pagination-item-active");
    fireEvent.click(screen.getByTitle("4"));
    expect(onChange).toHaveBeenCalledWith(4);
  });

  it("expands a row into a row below it spanning the table, through a named button that says whether it is open", () => {
    function Expanding() {
      const [open, setOpen] = useState<number[]>([]);
      return (
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          expandable={{
            isExpanded: (r) => open.includes(r.id),
            onToggle: (r) => setOpen((o) => (o.includes(r.id) ? o.filter((x) => x !== r.id) : [...o, r.id])),
            render: (r) => <p>Record of {r.name}</p>,
            label: (r) => `Full record of ${r.name}`,
          }}
        />
      );
    }
    render(<Expanding />);
    const button = screen.getByRole("button", { name: "Full record of Flyover" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const record = screen.getByText("Record of Flyover").closest("td")!;
    expect(record.getAttribute("colspan")).toBe("3");
    expect(record.closest("tr")!.previousElementSibling).toBe(button.closest("tr"));
    fireEvent.click(button);
    expect(screen.queryByText("Record of Flyover")).toBeNull();
  });

  it("a click on a row calls onRowClick, a click on a link or button in it does not", () => {
    const onRowClick = vi.fn();
    const withButton: DataColumn<Row>[] = [...columns, { key: "act", title: "", render: () => <button type="button">Act</button> }];
    render(<DataTable columns={withButton} rows={rows} rowKey="id" onRowClick={onRowClick} />);
    fireEvent.click(screen.getByText("Flyover"));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
    fireEvent.click(screen.getAllByRole("button", { name: "Act" })[0]);
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });

  it("shows a responsive column only from its breakpoint up; a fixed column stays at the left", () => {
    const responsive: DataColumn<Row>[] = [{ ...columns[0], fixed: "left" }, { ...columns[1], responsive: ["md"] }];
    setViewportWidth(700);
    const { unmount } = render(<DataTable columns={responsive} rows={rows} rowKey="id" />);
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Project"]);
    expect(screen.getByRole("columnheader").classList.contains("data-table-fixed-left")).toBe(true);
    unmount();
    setViewportWidth(800);
    render(<DataTable columns={responsive} rows={rows} rowKey="id" />);
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Project", "Value"]);
  });
});
