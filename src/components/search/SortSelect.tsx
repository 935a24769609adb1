import { Select } from "antd";
import type { SortOption } from "./config";

interface Props {
  options: SortOption[];
  value: string;
  onChange: (value: string) => void;
}

/** The order of the list; '' is the endpoint's default. */
export function SortSelect({ options, value, onChange }: Props) {
  const known = options.some((o) => o.value === value);
  return (
    <Select
      className="sort-select"
      aria-label="Sort by"
      value={known ? value : value || ""}
      onChange={onChange}
      options={known || !value ? options : [...options, { value, label: value }]}
      popupMatchSelectWidth={false}
      prefix="Sort:"
    />
  );
}
