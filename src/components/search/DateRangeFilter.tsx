// A from–to day range on one date field. The days are the user's own calendar days; they are
// sent as UTC instants (start of the first day, end of the last), so an IST user's "1 Jan"
// starts at 2023-12-31T18:30:00Z. Either end may be left open.
import { DatePicker, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { toUtcInstant, type Range } from "../../lib/searchUrl";

interface Props {
  label: string;
  range: Range | undefined;
  onChange: (range: Range | undefined) => void;
  disabled?: boolean;
  disabledReason?: string;
}

const day = (bound: string | undefined): Dayjs | null => {
  if (!bound || bound === "*") return null;
  const d = dayjs(bound);
  return d.isValid() ? d : null;
};

/** Picked days → a range of UTC instants (undefined when both ends are empty). */
export function daysToRange(from: Dayjs | null | undefined, to: Dayjs | null | undefined): Range | undefined {
  if (!from && !to) return undefined;
  return {
    min: from ? toUtcInstant(from.startOf("day").toDate()) : "*",
    max: to ? toUtcInstant(to.endOf("day").toDate()) : "*",
  };
}

export function DateRangeFilter({ label, range, onChange, disabled, disabledReason }: Props) {
  return (
    <div className="date-filter" role="group" aria-label={`${label} range`}>
      <div className="facet-title">
        <Typography.Text strong>{label}</Typography.Text>
      </div>
      <div className="date-filter-pickers">
        <DatePicker
          aria-label={`${label} from`}
          placeholder="From"
          format="DD MMM, YYYY"
          disabled={disabled}
          value={day(range?.min)}
          maxDate={day(range?.max) ?? undefined}
          onChange={(from) => onChange(daysToRange(from, day(range?.max)))}
          inputReadOnly
        />
        <DatePicker
          aria-label={`${label} to`}
          placeholder="To"
          format="DD MMM, YYYY"
          disabled={disabled}
          value={day(range?.max)}
          minDate={day(range?.min) ?? undefined}
          onChange={(to) => onChange(daysToRange(day(range?.min), to))}
          inputReadOnly
        />
      </div>
      {disabled && disabledReason && <Typography.Text type="secondary" className="filter-note">{disabledReason}</Typography.Text>}
    </div>
  );
}
