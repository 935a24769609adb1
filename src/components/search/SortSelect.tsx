import { Select } from "antd";
import type { SortOption } from "./config";

interface Props {
  options: SortOption[];
  /** The endpoint's order without a search text, where its default option is 'Relevance'. */
  orderWithoutSearch?: string;
  value: string;
  /** True while a search text is sent (q): the server then orders by relevance unless another sort is chosen. */
  searching: boolean;
  onChange: (value: string) => void;
}

/**
 * The sort the list is really in, as the server decides it (server/search/parse.ts parseSort):
 * with a search text and no sort chosen, by relevance; without one, 'relevance' has nothing to
 * rank by and falls back to the endpoint's default (the '' option). Where the default option is
 * itself 'Relevance' (leads, companies), without a search text the list is in the endpoint's own
 * order (orderWithoutSearch, e.g. newest first), and the box says so.
 */
export function shownSort(options: SortOption[], value: string, searching: boolean, orderWithoutSearch?: string): string {
  const has = (v: string) => options.some((o) => o.value === v);
  if (searching && value === "" && has("relevance")) return "relevance";
  if (!searching && value === "relevance" && has("")) return "";
  if (!searching && value === "" && orderWithoutSearch && has(orderWithoutSearch)) return orderWithoutSearch;
  return value;
}

/** The order of the list; '' is the endpoint's default. */
export function SortSelect({ options, value, searching, orderWithoutSearch, onChange }: Props) {
  const shown = shownSort(options, value, searching, orderWithoutSearch);
  const known = options.some((o) => o.value === shown);
  return (
    <Select
      className="sort-select"
      aria-label="Sort by"
      value={known ? shown : shown || ""}
      onChange={onChange}
      options={known || !shown ? options : [...options, { value: shown, label: shown }]}
      popupMatchSelectWidth={false}
      prefix="Sort:"
    />
  );
}
