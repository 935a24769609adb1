// The one company picker: type part of a name or a CIN and choose from company/suggest_company/
// (typo tolerant on the server). Works as a form control (value = company id, onChange) and as
// an 'add' box (onPick, then it clears itself) — the competitors page and the staff project
// editor both use it. The term is sent once typing pauses, and an older answer never replaces
// a newer one (the query key is the term).
import { Select, Typography } from "antd";
import { useMemo, useState } from "react";
import type { CompanyRef, CompanySuggestion } from "../../../common/companies";
import { useDebounced } from "../../hooks/useDebounced";
import { useApiPart } from "../page/useApiPart";
import { companyPaths } from "./api";
import "./companies.css";

/** Letters typed before the first lookup: one letter matches too much to be useful. */
export const MIN_TERM = 2;
const DEBOUNCE_MS = 250;

/** 'U45200MH2011PTC123456 · Pune, Maharashtra · Builder' — what tells two similar names apart. */
export function suggestionMeta(c: Pick<CompanySuggestion, "cin" | "city" | "state" | "company_type">): string {
  const place = [c.city, c.state].filter(Boolean).join(", ");
  return [c.cin, place, c.company_type].filter(Boolean).join(" · ");
}

interface Props {
  /** Set by a Form.Item, so its label names the box. */
  id?: string;
  /** The chosen company's id (form use). */
  value?: number | null;
  onChange?: (id: number | null, company: CompanySuggestion | null) => void;
  /** Called with the chosen company; with it and no value the box clears after each pick. */
  onPick?: (company: CompanySuggestion) => void;
  /** The company already chosen, so its name shows before anything is typed. */
  current?: CompanyRef | null;
  /** Ids not offered (already tracked, the company itself). */
  exclude?: number[];
  placeholder?: string;
  disabled?: boolean;
  "aria-label"?: string;
  className?: string;
  size?: "small" | "middle" | "large";
}

export function CompanySelect({ id, value, onChange, onPick, current, exclude, placeholder = "Type a company name or CIN", disabled, className, size, ...rest }: Props) {
  const [term, setTerm] = useState("");
  const settled = useDebounced(term.trim(), DEBOUNCE_MS);
  const enabled = settled.length >= MIN_TERM;
  const found = useApiPart<{ results: CompanySuggestion[] }>(companyPaths.suggest, { query: { q: settled }, enabled, staleTime: 60_000, keepPrevious: true });
  const results = useMemo(() => (enabled ? (found.data?.results ?? []) : []).filter((c) => !exclude?.includes(c.id)), [enabled, found.data, exclude]);
  const options = useMemo(() => {
    const list = results.map((c) => ({
      value: c.id,
      label: c.name,
      company: c,
      title: c.name,
    }));
    if (current && value === current.id && !list.some((o) => o.value === current.id)) {
      list.unshift({ value: current.id, label: current.name, company: { ...current, cin: null, city: null, state: null, company_type: null, score: 1 }, title: current.name });
    }
    return list;
  }, [results, current, value]);

  const typing = term.trim() !== settled || found.isFetching;
  const notFound =
    term.trim().length < MIN_TERM
      ? `Type ${MIN_TERM} or more letters of the name, or the CIN`
      : typing
        ? "Searching…"
        : found.isError
          ? (found.error as Error).message
          : "No company found";

  return (
    <Select<number | null>
      showSearch
      allowClear={!onPick}
      className={className}
      size={size}
      disabled={disabled}
      id={id}
      // A Form.Item's label names it through the id; otherwise say what it is for.
      aria-label={rest["aria-label"] ?? (id ? undefined : placeholder)}
      value={onPick && value === undefined ? null : (value ?? null)}
      searchValue={term}
      onSearch={setTerm}
      filterOption={false}
      placeholder={placeholder}
      loading={enabled && found.isFetching}
      notFoundContent={<Typography.Text type="secondary">{notFound}</Typography.Text>}
      options={options}
      optionRender={(option) => {
        const c = (option.data as { company: CompanySuggestion }).company;
        const meta = suggestionMeta(c);
        return (
          <div className="company-option">
            <div className="company-option-name">{c.name}</div>
            {meta && <div className="company-option-meta">{meta}</div>}
          </div>
        );
      }}
      onChange={(id) => {
        const company = options.find((o) => o.value === id)?.company ?? null;
        onChange?.(id ?? null, company);
        if (company && onPick) onPick(company);
        setTerm("");
      }}
      style={{ width: "100%" }}
    />
  );
}
