// The pager's arrows by name: antd's prev/next buttons hold only an icon, whose name ("left",
// "right") was all a screen reader heard (issue 21). Every pager (antd Pagination, a Table's
// pagination) renders its items through pagerItemRender.
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

const NAMES: Partial<Record<string, string>> = { prev: "Previous page", next: "Next page" };

/** antd's itemRender: the previous and next buttons named "Previous page" and "Next page". */
export function pagerItemRender(_page: number, type: "page" | "prev" | "next" | "jump-prev" | "jump-next", original: ReactNode): ReactNode {
  const name = NAMES[type];
  if (!name || !isValidElement(original)) return original;
  return cloneElement(original as ReactElement<Record<string, unknown>>, { "aria-label": name });
}
