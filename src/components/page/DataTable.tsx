// The app's one table of rows: a lister's results, a detail page's lists. Looks like antd's Table
// as the app's theme drew it (data-table.css), without it: antd's Table brings its column filter
// menu (rc-tree, Checkbox, Radio, Dropdown), selection and virtual scroll code to every page with a
// table, ≈ 30 KB gz, for tables that use none of it. Columns are written as for antd's Table
// (title, key, width, align, render(value, row, index)), so a table moves with its columns as they are.
import type { CSSProperties, Key, ReactNode } from "react";
import "./data-table.css";

export interface DataColumn<Row> {
  key: string;
  title: ReactNode;
  /** A field of the row to show (or hand to render as its value). */
  dataIndex?: keyof Row & string;
  width?: number | string;
  align?: "left" | "right" | "center";
  /** One line, cut with an ellipsis (the full text as the cell's title when it is text). */
  ellipsis?: boolean;
  className?: string;
  render?: (value: unknown, row: Row, index: number) => ReactNode;
}

export interface DataTableProps<Row> {
  columns: DataColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: keyof Row & string;
  /** A fetch is under way: the rows stay (dimmed) under a spinner, the table is marked busy. */
  loading?: boolean;
  /** What an empty table says (not while loading). */
  empty?: ReactNode;
  /** Narrower than this, the table scrolls sideways in its box (antd's scroll.x). */
  minWidth?: number;
  size?: "middle" | "small";
  bordered?: boolean;
  className?: string;
  /** The table's name for screen readers (when no heading names its region). */
  label?: string;
  rowClassName?: (row: Row) => string;
}

function cellOf<Row>(column: DataColumn<Row>, row: Row, index: number): ReactNode {
  const value = column.dataIndex ? row[column.dataIndex] : undefined;
  if (column.render) return column.render(value, row, index);
  return value == null ? null : String(value);
}

const alignOf = (column: DataColumn<unknown>): CSSProperties | undefined => (column.align && column.align !== "left" ? { textAlign: column.align } : undefined);

export function DataTable<Row>({ columns, rows, rowKey, loading, empty, minWidth, size = "middle", bordered, className = "", label, rowClassName }: DataTableProps<Row>) {
  const list = rows ?? [];
  const classes = ["data-table", `data-table-${size}`, bordered ? "data-table-bordered" : "", loading ? "data-table-loading" : "", className].filter(Boolean).join(" ");
  return (
    <div className={classes} aria-busy={loading || undefined}>
      <div className="data-table-scroll">
        <table style={minWidth ? { minWidth } : undefined} aria-label={label}>
          <colgroup>
            {columns.map((column) => (
              <col key={column.key} style={column.width !== undefined ? { width: column.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.className} style={alignOf(column as DataColumn<unknown>)}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.map((row, index) => (
              <tr key={row[rowKey] as Key} className={`data-table-row ${rowClassName?.(row) ?? ""}`.trim()}>
                {columns.map((column) => {
                  const cell = cellOf(column, row, index);
                  const title = column.ellipsis && typeof cell === "string" ? cell : undefined;
                  const cellClass = [column.className, column.ellipsis ? "data-table-ellipsis" : ""].filter(Boolean).join(" ") || undefined;
                  return (
                    <td key={column.key} className={cellClass} style={alignOf(column as DataColumn<unknown>)} title={title}>
                      {cell}
                    </td>
                  );
                })}
              </tr>
            ))}
            {!list.length && (
              <tr className="data-table-empty">
                <td colSpan={columns.length}>{loading ? null : empty}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {loading && (
        <div className="data-table-spinner">
          <div className="spinner-ring" role="progressbar" aria-label="Loading" />
        </div>
      )}
    </div>
  );
}
