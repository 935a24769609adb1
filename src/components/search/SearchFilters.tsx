// The filter panel of a lister: toggles (fresh, unlocked only, search all), the price filter,
// the date ranges and the facets, all reading and writing the URL state. Beside the list on
// wide screens; inside a drawer on phones (ListerLayout).
import { Divider, Switch, Typography } from "antd";
import type { ReactNode } from "react";
import type { FacetOption } from "../../../common/api";
import { FRESH_DAYS } from "../../../common/constants";
import { guessUnit, type Range } from "../../lib/searchUrl";
import type { ListerConfig } from "./config";
import { DateRangeFilter } from "./DateRangeFilter";
import { FacetPanel, toggleValue } from "./FacetPanel";
import { PriceFilter } from "./PriceFilter";
import type { SearchStateApi } from "./useSearchState";

interface Props {
  config: ListerConfig;
  search: SearchStateApi;
  facets: Record<string, FacetOption[]> | undefined;
  /** A lister's own filters (e.g. an organisation suggester), shown above the facets. */
  extra?: ReactNode;
}

function Toggle({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (on: boolean) => void; hint?: string }) {
  return (
    <label className="filter-toggle">
      <Switch size="small" checked={checked} onChange={onChange} aria-label={label} />
      <span>
        {label}
        {hint && (
          <Typography.Text type="secondary" className="filter-toggle-hint">
            {hint}
          </Typography.Text>
        )}
      </span>
    </label>
  );
}

export function SearchFilters({ config, search, facets, extra }: Props) {
  const { state, update } = search;
  const setRange = (field: string, range: Range | undefined) =>
    update((s) => {
      const ranges = { ...s.ranges };
      if (range) ranges[field] = range;
      else delete ranges[field];
      return { ranges };
    });

  return (
    <div className="search-filters">
      <div className="filter-toggles">
        {config.freshField && (
          <Toggle
            label="Fresh"
            hint={`Retrieved in the last ${FRESH_DAYS} days`}
            checked={state.fresh}
            onChange={(fresh) =>
              update((s) => {
                // The window replaces any range on the same date field.
                const ranges = { ...s.ranges };
                if (fresh && config.freshField) delete ranges[config.freshField];
                return { fresh, ranges };
              })
            }
          />
        )}
        {config.showUnlocked && <Toggle label="Show unlocked only" hint="Leads whose contacts you unlocked" checked={state.showUnlocked} onChange={(showUnlocked) => update({ showUnlocked })} />}
        {config.searchAll && <Toggle label={config.searchAll.label} checked={state.searchAll} onChange={(searchAll) => update({ searchAll })} />}
      </div>

      {config.price && (
        <>
          <Divider className="filter-divider" />
          <PriceFilter
            label={config.price.label}
            range={state.ranges[config.price.field]}
            unit={state.unit ?? guessUnit(state.ranges[config.price.field])}
            onChange={(range, unit) =>
              update((s) => {
                const ranges = { ...s.ranges };
                if (range) ranges[config.price!.field] = range;
                else delete ranges[config.price!.field];
                return { ranges, unit };
              })
            }
          />
        </>
      )}

      {config.dates.length > 0 && <Divider className="filter-divider" />}
      {config.dates.map((d) => (
        <DateRangeFilter
          key={d.field}
          label={d.label}
          range={state.ranges[d.field]}
          onChange={(range) => setRange(d.field, range)}
          disabled={state.fresh && d.field === config.freshField}
          disabledReason={`'Fresh' sets the last ${FRESH_DAYS} days`}
        />
      ))}

      {extra && <Divider className="filter-divider" />}
      {extra}

      {config.facets.length > 0 && <Divider className="filter-divider" />}
      <FacetPanel
        noun={config.noun}
        fields={config.facets}
        facets={facets}
        selected={state.values}
        onChange={(field, values) =>
          update((s) => {
            const next = { ...s.values };
            if (values.length) next[field] = values;
            else delete next[field];
            return { values: next };
          })
        }
        onToggle={(field, value, on) =>
          update((s) => {
            const values = toggleValue(s.values[field] ?? [], value, on);
            const next = { ...s.values };
            if (values.length) next[field] = values;
            else delete next[field];
            return { values: next };
          })
        }
      />
    </div>
  );
}
