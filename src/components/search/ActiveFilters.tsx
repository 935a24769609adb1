// The filters in force, as removable tags, with 'Clear all'. Shown above the results so a
// phone user sees what the drawer has set.
import { Tag, Typography } from "antd";
import { FRESH_DAYS } from "../../../common/constants";
import { formatDate, formatRupees } from "../../lib/format";
import { activeFilterCount, isOpen, type Range } from "../../lib/searchUrl";
import type { ListerConfig } from "./config";
import type { SearchStateApi } from "./useSearchState";

function rangeText(range: Range, money: boolean): string {
  const show = (b: string) => (money ? formatRupees(b) : formatDate(b));
  if (range.min !== "*" && range.max !== "*") return `${show(range.min)} – ${show(range.max)}`;
  if (range.min !== "*") return `from ${show(range.min)}`;
  return `up to ${show(range.max)}`;
}

export function ActiveFilters({ config, search }: { config: ListerConfig; search: SearchStateApi }) {
  const { state, update, reset } = search;
  if (activeFilterCount(state) === 0) return null;
  const label = (field: string) =>
    config.facets.find((f) => f.field === field)?.label ?? config.dates.find((d) => d.field === field)?.label ?? (config.price?.field === field ? config.price.label : field);

  const tags: { key: string; text: string; remove: () => void }[] = [];
  for (const [field, values] of Object.entries(state.values)) {
    for (const value of values) {
      tags.push({
        key: `v:${field}:${value}`,
        text: `${label(field)}: ${config.facets.find((f) => f.field === field)?.valueLabel?.(value) ?? value}`,
        remove: () =>
          update((s) => {
            const next = { ...s.values, [field]: (s.values[field] ?? []).filter((v) => v !== value) };
            if (next[field].length === 0) delete next[field];
            return { values: next };
          }),
      });
    }
  }
  for (const [field, range] of Object.entries(state.ranges)) {
    if (isOpen(range) || (state.fresh && field === config.freshField)) continue;
    tags.push({
      key: `r:${field}`,
      text: `${label(field)}: ${rangeText(range, field === config.price?.field)}`,
      remove: () =>
        update((s) => {
          const ranges = { ...s.ranges };
          delete ranges[field];
          return { ranges };
        }),
    });
  }
  if (state.fresh) tags.push({ key: "fresh", text: `Fresh (last ${FRESH_DAYS} days)`, remove: () => update({ fresh: false }) });
  if (state.showUnlocked) tags.push({ key: "unlocked", text: "Unlocked only", remove: () => update({ showUnlocked: false }) });
  if (state.searchAll) tags.push({ key: "all", text: config.searchAll?.tag ?? "Including rejected", remove: () => update({ searchAll: false }) });

  return (
    <div className="active-filters" aria-label="Active filters">
      {tags.map((t) => (
        <Tag key={t.key} closable onClose={(e) => { e.preventDefault(); t.remove(); }} closeIcon={<span aria-label={`Remove ${t.text}`}>×</span>}>
          {t.text}
        </Tag>
      ))}
      <Typography.Link onClick={() => reset()} className="active-filters-clear">
        Clear all
      </Typography.Link>
    </div>
  );
}
