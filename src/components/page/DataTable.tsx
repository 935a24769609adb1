// The app's one table of rows: a lister's results, a detail page's lists, a staff page's records.
// Looks like antd's Table as the app's theme drew it (data-table.css), without it: antd's Table
// brings its column filter menu (rc-tree, Checkbox, Radio, Dropdown), selection and virtual scroll
// code to every page with a table, ≈ 30 KB gz, for tables that use none of it. Columns are written
// as for antd's Table (title, key, width, align, responsive, render(value, row, index)), so a table
// moves with its columns as they are. Pages, expanded rows and responsive columns: dataTableParts.tsx.
import { Fragment, useEffect, useRef, useState, type CSSProperties, type Key, type MouseEvent, type ReactNode } from "react";
import { ExpandButton, usePaging, useScreens, type Breakpoint, type DataPagination } from "./dataTableParts";
import "./data-table.css";

export type { Breakpoint, DataPagination } from "./dataTableParts";

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
  /** Shown only when the window is at one of these breakpoints (antd's responsive). */
  responsive?: Breakpoint[];
  /** Stays in view at the left while the table scrolls sideways (the first column). */
  fixed?: "left";
  /** Method-style, so a render typed for its field's value (v: string) fits, as with antd. */
  render?(value: unknown, row: Row, index: number): ReactNode;
}

/** A row's extra content in a row below it, opened by a +/− button in a first column. */
export interface DataExpandable<Row> {
  isExpanded: (row: Row) => boolean;
  onToggle: (row: Row) => void;
  render: (row: Row) => ReactNode;
  /** The button's accessible name, e.g. "Full record of Acme Builders". */
  label: (row: Row) => string;
  /** The button column's header (a visually hidden text). */
  title?: ReactNode;
}

export interface DataTableProps<Row> {
  columns: DataColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (keyof Row & string) | ((row: Row, index: number) => Key);
  /** A fetch is under way: the rows stay (dimmed) under a spinner, the table is marked busy. */
  loading?: boolean;
  /** What an empty table says (not while loading). */
  empty?: ReactNode;
  /** Narrower than this, the table scrolls sideways in its box (antd's scroll.x). */
  minWidth?: number;
  size?: "middle" | "small";
  bordered?: boolean;
  className?: string;
  style?: CSSProperties;
  /** The table's name for screen readers (when no heading names its region). */
  label?: string;
  rowClassName?: (row: Row) => string;
  /** Pages of rows, the pager under the table (shown when there is more than one page). */
  pagination?: DataPagination;
  expandable?: DataExpandable<Row>;
  /** A click on a row (not on a link or button in it). The row must also hold a control that does the
   * same for the keyboard. */
  onRowClick?: (row: Row) => void;
}

function cellOf<Row>(column: DataColumn<Row>, row: Row, index: number): ReactNode {
  const value = column.dataIndex ? row[column.dataIndex] : undefined;
  if (column.render) return column.render(value, row, index);
  return value == null ? null : String(value);
}

const styleOf = (column: DataColumn<unknown>): CSSProperties | undefined => (column.align && column.align !== "left" ? { textAlign: column.align } : undefined);
const classOf = (column: DataColumn<unknown>, ...more: string[]) => [column.className, column.fixed ? "data-table-fixed-left" : "", ...more].filter(Boolean).join(" ") || undefined;
const INTERACTIVE = "a, button, input, select, textarea, label, [role='button']";

/**
 * Whether the table is wider than its box (a phone, a narrow panel): then its scrolling box is a
 * Tab stop, so a keyboard can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable). A
 * table that fits adds no Tab stop.
 */
function useOverflows() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const measure = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, rowKey, loading, empty, minWidth, size = "middle", bordered, className = "", style, label, rowClassName, pagination, expandable, onRowClick } = props;
  const screens = useScreens();
  const columns = props.columns.filter((c) => !c.responsive || c.responsive.some((bp) => screens[bp]));
  const { shown, pager } = usePaging(rows ?? [], pagination);
  const span = columns.length + (expandable ? 1 : 0);
  const keyOf = (row: Row, index: number): Key => (typeof rowKey === "function" ? rowKey(row, index) : (row[rowKey] as Key));
  const onClick = onRowClick && ((row: Row, event: MouseEvent<HTMLTableRowElement>) => {
    const inner = (event.target as Element).closest(INTERACTIVE);
    if (!inner || !event.currentTarget.contains(inner)) onRowClick(row);
  });
  const classes = ["data-table", `data-table-${size}`, bordered ? "data-table-bordered" : "", loading ? "data-table-loading" : "", className].filter(Boolean).join(" ");
  const scroll = useOverflows();
  return (
    <div className={classes} style={style} aria-busy={loading || undefined}>
      <div className="data-table-scroll" ref={scroll.ref} {...(scroll.overflows ? { tabIndex: 0, role: "region", "aria-label": label ?? "Table" } : {})}>
        <table style={minWidth ? { minWidth } : undefined} aria-label={label}>
          <colgroup>
            {expandable && <col className="data-table-expand-col" />}
            {columns.map((column) => (
              <col key={column.key} style={column.width !== undefined ? { width: column.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {expandable && <th scope="col" className="data-table-expand-cell">{expandable.title}</th>}
              {columns.map((column) => (
                <th key={column.key} scope="col" className={classOf(column as DataColumn<unknown>)} style={styleOf(column as DataColumn<unknown>)}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => {
              const open = expandable?.isExpanded(row) ?? false;
              const rowClass = ["data-table-row", onClick ? "data-table-row-clickable" : "", rowClassName?.(row) ?? ""].filter(Boolean).join(" ");
              const key = keyOf(row, index);
              return (
                <Fragment key={key}>
                  <tr className={rowClass} onClick={onClick && ((event) => onClick(row, event))}>
                    {expandable && (
                      <td className="data-table-expand-cell">
                        <ExpandButton open={open} label={expandable.label(row)} onToggle={() => expandable.onToggle(row)} />
                      </td>
                    )}
                    {columns.map((column) => {
                      const cell = cellOf(column, row, index);
                      const title = column.ellipsis && typeof cell === "string" ? cell : undefined;
                      return (
                        <td key={column.key} className={classOf(column as DataColumn<unknown>, column.ellipsis ? "data-table-ellipsis" : "")} style={styleOf(column as DataColumn<unknown>)} title={title}>
                          {cell}
                        </td>
                      );
                    })}
                  </tr>
                  {open && (
                    <tr className="data-table-expanded-row">
                      <td colSpan={span}>{expandable!.render(row)}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
            {!shown.length && (
              <tr className="data-table-empty">
                <td colSpan={span}>{loading ? null : empty}</td>
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
      {pager}
    </div>
  );
}
