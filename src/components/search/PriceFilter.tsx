// Value between a minimum and a maximum, typed in thousands, lacs or crores; the URL and the
// API get whole rupees (`value:[25000000 TO *]`). Either end may be left open.
import { Button, InputNumber, Select, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { fromRupees, PRICE_UNIT_LABELS, PRICE_UNITS, toRupees, type PriceUnit, type Range } from "../../lib/searchUrl";

interface Props {
  label?: string;
  range: Range | undefined;
  unit: PriceUnit;
  /** undefined = no price filter. */
  onChange: (range: Range | undefined, unit: PriceUnit) => void;
}

type Amount = number | null;

export function PriceFilter({ label = "Value", range, unit, onChange }: Props) {
  const [min, setMin] = useState<Amount>(fromRupees(range?.min, unit));
  const [max, setMax] = useState<Amount>(fromRupees(range?.max, unit));
  const [denomination, setDenomination] = useState<PriceUnit>(unit);
  useEffect(() => {
    setMin(fromRupees(range?.min, unit));
    setMax(fromRupees(range?.max, unit));
    setDenomination(unit);
  }, [range?.min, range?.max, unit]);

  const invalid = min !== null && max !== null && min > max;
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
        <InputNumber<number> aria-label="Minimum value" placeholder="Min" min={0} value={min} onChange={(v) => setMin(v ?? null)} onPressEnter={apply} style={{ width: "38%" }} />
        <InputNumber<number> aria-label="Maximum value" placeholder="Max" min={0} value={max} onChange={(v) => setMax(v ?? null)} onPressEnter={apply} style={{ width: "38%" }} />
        <Select<PriceUnit>
          aria-label="Denomination"
          value={denomination}
          onChange={setDenomination}
          options={PRICE_UNITS.map((u) => ({ value: u, label: PRICE_UNIT_LABELS[u] }))}
          style={{ width: "24%", minWidth: 72 }}
          popupMatchSelectWidth={false}
        />
      </Space.Compact>
      {invalid && <Typography.Text type="danger" className="filter-error">The minimum is above the maximum.</Typography.Text>}
      <Button size="small" className="filter-apply" onClick={apply} disabled={invalid}>
        Apply value
      </Button>
    </div>
  );
}
