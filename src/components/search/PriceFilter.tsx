// Value between a minimum and a maximum, typed in thousands, lacs or crores; the URL and the
// API get whole rupees (`value:[25000000 TO *]`). Either end may be left open.
import { Button, Input, Select, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { fromRupees, PRICE_UNIT_LABELS, PRICE_UNITS, toRupees, type PriceUnit, type Range } from "../../lib/searchUrl";

interface Props {
  label?: string;
  range: Range | undefined;
  unit: PriceUnit;
  /** undefined = no price filter. */
  onChange: (range: Range | undefined, unit: PriceUnit) => void;
}

/** What a field holds, as typed ('' for nothing). */
type Amount = string;
const shown = (rupees: string | undefined, unit: PriceUnit): Amount => {
  const n = fromRupees(rupees, unit);
  return n === null ? "" : String(n);
};
/** A typed amount → a number (null when empty, NaN when not a number). */
const amountOf = (text: Amount): number | null => (text.trim() === "" ? null : Number(text));

export function PriceFilter({ label = "Value", range, unit, onChange }: Props) {
  const [min, setMin] = useState<Amount>(shown(range?.min, unit));
  const [max, setMax] = useState<Amount>(shown(range?.max, unit));
  const [denomination, setDenomination] = useState<PriceUnit>(unit);
  useEffect(() => {
    setMin(shown(range?.min, unit));
    setMax(shown(range?.max, unit));
    setDenomination(unit);
  }, [range?.min, range?.max, unit]);

  const lowest = amountOf(min);
  const highest = amountOf(max);
  // The browser's number field keeps out letters; a minus sign it lets through.
  const negative = (lowest !== null && lowest < 0) || (highest !== null && highest < 0);
  const reversed = lowest !== null && highest !== null && lowest > highest;
  const invalid = negative || reversed || Number.isNaN(lowest) || Number.isNaN(highest);
  const apply = () => {
    if (invalid) return;
    const lo = toRupees(min, denomination);
    const hi = toRupees(max, denomination);
    onChange(lo === null && hi === null ? undefined : { min: lo === null ? "*" : String(lo), max: hi === null ? "*" : String(hi) }, denomination);
  };
  const active = !!range && (range.min !== "*" || range.max !== "*");

  return (
    <div className="price-filter" role="group" aria-label={`${label} filter`}>
      <div className="facet-title">
        <Typography.Text strong>{label}</Typography.Text>
        {active && (
          <Typography.Link className="facet-clear" onClick={() => onChange(undefined, denomination)} aria-label={`Clear ${label}`}>
            Clear
          </Typography.Link>
        )}
      </div>
      <Space.Compact block>
        <Input type="number" inputMode="decimal" min={0} step="any" aria-label="Minimum value" aria-invalid={invalid || undefined} placeholder="Min" value={min} onChange={(e) => setMin(e.target.value)} onPressEnter={apply} style={{ width: "38%" }} />
        <Input type="number" inputMode="decimal" min={0} step="any" aria-label="Maximum value" aria-invalid={invalid || undefined} placeholder="Max" value={max} onChange={(e) => setMax(e.target.value)} onPressEnter={apply} style={{ width: "38%" }} />
        <Select<PriceUnit>
          aria-label="Denomination"
          value={denomination}
          onChange={setDenomination}
          options={PRICE_UNITS.map((u) => ({ value: u, label: PRICE_UNIT_LABELS[u] }))}
          style={{ width: "24%", minWidth: 72 }}
          popupMatchSelectWidth={false}
        />
      </Space.Compact>
      {invalid && (
        <Typography.Text type="danger" className="filter-error">
          {negative ? "Amounts cannot be below 0." : reversed ? "The minimum is above the maximum." : "Enter amounts as numbers."}
        </Typography.Text>
      )}
      <Button size="small" className="filter-apply" onClick={apply} disabled={invalid}>
        Apply value
      </Button>
    </div>
  );
}
