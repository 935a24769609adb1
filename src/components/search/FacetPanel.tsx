// Facet groups with their counts and multi-select checkboxes. Values of one field are OR'ed
// and fields AND'ed by the server; each group's counts ignore its own selection (multi-select
// counts), so ticking a second state shows how many the wider choice brings. Long groups show
// the first few options and 'Show more'; an expanded long group gets a filter box.
import { Input } from "antd";
import { useMemo, useState } from "react";
import type { FacetOption } from "../../../common/api";
import { formatIndianNumber } from "../../lib/format";

export interface FacetField {
  field: string;
  label: string;
  /** How a value reads ('true' → 'Yes'); the value itself is what the URL and the API get. */
  valueLabel?: (value: string) => string;
}

interface GroupProps {
  field: FacetField;
  options: FacetOption[];
  selected: string[];
  onChange: (values: string[]) => void;
  /** One tick changed; given, it is used instead of onChange (so it can apply to the latest state). */
  onToggle?: (value: string, on: boolean) => void;
  visible: number;
  noun: string;
}

/** The options to show: the server's, plus selected values it did not return (count 0). */
export function facetOptions(options: FacetOption[] | undefined, selected: string[]): FacetOption[] {
  const list = [...(options ?? [])];
  for (const value of selected) if (!list.some((o) => o.text === value)) list.push({ text: value, count: 0 });
  return list;
}

/** One field's ticks toggled: the new list of values, in the order they were chosen. */
export function toggleValue(selected: string[], value: string, on: boolean): string[] {
  if (on) return selected.includes(value) ? selected : [...selected, value];
  return selected.filter((v) => v !== value);
}

function FacetGroup({ field, options, selected, onChange, onToggle, visible, noun }: GroupProps) {
  const [expanded, setExpanded] = useState(false);
  const [filter, setFilter] = useState("");
  const all = useMemo(() => facetOptions(options, selected), [options, selected]);
  const matching = filter ? all.filter((o) => o.text.toLowerCase().includes(filter.toLowerCase())) : all;
  // Selected options stay visible when the group is folded.
  const shown = expanded ? matching : [...all.slice(0, visible), ...all.slice(visible).filter((o) => selected.includes(o.text))];
  const hidden = all.length - shown.length;
  const titleId = `facet-${field.field}`;

  return (
    <div className="facet-group" role="group" aria-labelledby={titleId}>
      <div className="facet-title">
        <span className="facet-name" id={titleId}>
          {field.label}
        </span>
        {selected.length > 0 && (
          <button type="button" className="text-button facet-clear" onClick={() => onChange([])} aria-label={`Clear ${field.label}`}>
            Clear
          </button>
        )}
      </div>
      {expanded && all.length > visible && (
        <Input size="small" allowClear placeholder={`Find ${field.label.toLowerCase()}`} value={filter} onChange={(e) => setFilter(e.target.value)} className="facet-find" />
      )}
      {all.length === 0 && <span className="text-secondary facet-none">No options</span>}
      <ul className="facet-options">
        {shown.map((option) => {
          const on = selected.includes(option.text);
          return (
            <li key={option.text}>
              <label className="facet-check">
                <input
                  type="checkbox"
                  checked={on}
                  onChange={(e) => (onToggle ? onToggle(option.text, e.target.checked) : onChange(toggleValue(selected, option.text, e.target.checked)))}
                />
                <span className="facet-text">{field.valueLabel ? field.valueLabel(option.text) : option.text}</span>
              </label>
              <span className="facet-count" aria-label={`${formatIndianNumber(option.count)} ${noun}`}>
                {formatIndianNumber(option.count)}
              </span>
            </li>
          );
        })}
      </ul>
      {(hidden > 0 || expanded) && all.length > visible && (
        <button
          type="button"
          className="text-button facet-more"
          aria-expanded={expanded}
          onClick={() => {
            setExpanded(!expanded);
            setFilter("");
          }}
        >
          {expanded ? "Show less" : `Show more (${hidden})`}
        </button>
      )}
    </div>
  );
}

interface Props {
  fields: FacetField[];
  facets: Record<string, FacetOption[]> | undefined;
  selected: Record<string, string[]>;
  onChange: (field: string, values: string[]) => void;
  /**
   * One tick changed. A second tick can come before the page has re-rendered with the first
   * (the URL changes at once, the render follows): applied to the latest state, none is lost.
   */
  onToggle?: (field: string, value: string, on: boolean) => void;
  /** Options shown before 'Show more'. */
  visible?: number;
  /** What the counts count, read aloud with each ('leads', 'tenders'). */
  noun?: string;
}

export function FacetPanel({ fields, facets, selected, onChange, onToggle, visible = 6, noun = "results" }: Props) {
  return (
    <div className="facet-panel">
      {fields.map((f) => (
        <FacetGroup key={f.field} field={f} options={facets?.[f.field] ?? []} selected={selected[f.field] ?? []} onChange={(values) => onChange(f.field, values)} onToggle={onToggle && ((value, on) => onToggle(f.field, value, on))} visible={visible} noun={noun} />
      ))}
    </div>
  );
}
