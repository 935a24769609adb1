// The New-leads panel's range: which lead date, and From/To days in the browser's own date inputs
// (no date picker library on the dashboard: ≈ 50 KB gzipped). A complete day applies at once when
// the range it makes is valid (From not after To, at most MAX_RANGE_DAYS days); otherwise the
// fields say why and nothing changes. The fields hold what is typed: React only sets them again
// when the applied range changes (a half-typed year would be wiped otherwise).
import { Flex, Input, Select, Typography } from "antd";
import { useId, useState } from "react";
import { LEAD_DATE_FIELD_LABELS, LEAD_DATE_FIELDS, MAX_RANGE_DAYS, type LeadDateField } from "../../../../common/dashboard";
import { daysBetween, isDay, shiftDay } from "../../../lib/format";

export interface DayRange {
  from: string;
  to: string;
  field: LeadDateField;
}

/** Why a range cannot be applied, or null. */
export function rangeProblem(from: string, to: string): string | null {
  if (from > to) return "'From' is after 'To'";
  if (daysBetween(from, to) > MAX_RANGE_DAYS) return `Choose at most ${MAX_RANGE_DAYS} days`;
  return null;
}

export function LeadRangeControls({ range, onRange }: { range: DayRange; onRange: (range: DayRange) => void }) {
  const messageId = useId();
  const [typed, setTyped] = useState<{ from: string; to: string } | null>(null);
  const from = typed?.from ?? range.from;
  const to = typed?.to ?? range.to;
  const problem = isDay(from) && isDay(to) ? rangeProblem(from, to) : null;

  const change = (end: "from" | "to", value: string) => {
    const next = { from, to, [end]: value };
    setTyped(next);
    if (isDay(next.from) && isDay(next.to) && !rangeProblem(next.from, next.to)) {
      setTyped(null);
      onRange({ from: next.from, to: next.to, field: range.field });
    }
  };
  const day = (end: "from" | "to", label: string, bounds: { min?: string; max?: string }) => (
    <Input
      // A new applied range (another field, a link) refills the field; typing does not.
      key={`${end}:${range[end]}`}
      type="date"
      size="small"
      aria-label={label}
      defaultValue={range[end]}
      {...bounds}
      status={problem ? "error" : undefined}
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? messageId : undefined}
      onChange={(event) => change(end, event.target.value)}
      className="dash-range-day"
    />
  );

  return (
    <Flex gap={8} wrap align="center" className="dash-range-controls">
      <Select
        aria-label="Date field"
        size="small"
        value={range.field}
        style={{ width: 140 }}
        options={LEAD_DATE_FIELDS.map((f) => ({ value: f, label: LEAD_DATE_FIELD_LABELS[f] }))}
        onChange={(field: LeadDateField) => onRange({ ...range, field })}
      />
      {day("from", "From", isDay(to) ? { max: to, min: shiftDay(to, 1 - MAX_RANGE_DAYS) } : {})}
      {day("to", "To", isDay(from) ? { min: from, max: shiftDay(from, MAX_RANGE_DAYS - 1) } : {})}
      {problem && (
        <Typography.Text type="danger" id={messageId} role="alert" className="dash-range-problem">
          {problem}: the range is not applied
        </Typography.Text>
      )}
    </Flex>
  );
}
