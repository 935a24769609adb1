// DataTable's optional parts (DataTable.tsx): columns shown from a screen width up, the pager under
// the table (antd's Pagination, as antd's Table placed it), a row's expand button.
import { Pagination } from "antd";
import { useState, type ReactNode } from "react";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { pagerItemRender } from "../search/pager";

/** antd's screen breakpoints: sm ≥ 576 px, md ≥ 768, lg ≥ 992, xl ≥ 1200. */
export type Breakpoint = "sm" | "md" | "lg" | "xl";

/** Which breakpoints the window is at now (each true from its width up), as antd's Grid.useBreakpoint. */
export function useScreens(): Record<Breakpoint, boolean> {
  return {
    sm: useMediaQuery("(min-width: 576px)"),
    md: useMediaQuery("(min-width: 768px)"),
    lg: useMediaQuery("(min-width: 992px)"),
    xl: useMediaQuery("(min-width: 1200px)"),
  };
}

/** The table's pages. With total, the server pages the rows (current, onChange); without, the table
 * pages the rows it was given itself. */
export interface DataPagination {
  pageSize: number;
  current?: number;
  total?: number;
  onChange?: (page: number) => void;
  /** Text before the page buttons ("120 users"); with it the pager shows even for one page. */
  showTotal?: (total: number) => ReactNode;
}

/** The rows of the page shown, and the pager to put under the table (null when there is one page). */
export function usePaging<Row>(rows: readonly Row[], pagination: DataPagination | undefined): { shown: readonly Row[]; pager: ReactNode } {
  const [ownPage, setOwnPage] = useState(1);
  if (!pagination) return { shown: rows, pager: null };
  const { pageSize, showTotal } = pagination;
  const server = pagination.total !== undefined;
  const total = server ? pagination.total! : rows.length;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = server ? (pagination.current ?? 1) : Math.min(ownPage, pages);
  const shown = server ? rows : rows.slice((current - 1) * pageSize, current * pageSize);
  const onChange = (page: number) => {
    if (!server) setOwnPage(page);
    pagination.onChange?.(page);
  };
  const pager =
    total > 0 && (total > pageSize || showTotal) ? (
      <Pagination className="data-table-pager" size="small" align="end" current={current} pageSize={pageSize} total={total} showSizeChanger={false} showTotal={showTotal} onChange={onChange} itemRender={pagerItemRender} />
    ) : null;
  return { shown, pager };
}

/** The square +/− button that opens a row's expanded content, named for what it opens. */
export function ExpandButton({ open, label, onToggle }: { open: boolean; label: string; onToggle: () => void }) {
  return <button type="button" className={`data-table-expand${open ? " data-table-expand-open" : ""}`} aria-expanded={open} aria-label={label} onClick={onToggle} />;
}
