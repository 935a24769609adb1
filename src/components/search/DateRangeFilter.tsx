// A from–to day range on one date field, in the browser's own date inputs (no date picker
// library on the listers). The days are India's calendar days, whatever the browser's zone: they
// are sent as UTC instants (start of the first day, end of the last), so "1 Jan" starts at
// 2023-12-31T18:30:00Z. Either end may be left open.
//
// A complete date applies as soon as it is picked or typed; an end emptied clears that end. A
// 'From' after 'To' is not applied: the two fields say so until one of them is changed (swapping
// them would turn "move the range to 10–15 Mar", From first, into 5–10 Mar).
import { Input, Typography, type InputRef } from "antd";
import { useEffect, useId, useRef, useState } from "react";
import { IST_OFFSET_MS } from "../../../common/constants";
import { isDay, istDayEnd, istDayStart } from "../../lib/format";
import { toUtcInstant, type Range } from "../../lib/searchUrl";

interface Props {
  label: string;
  range: Range | undefined;
  onChange: (range: Range | undefined) => void;
  disabled?: boolean;
  disabledReason?: string;
}

/** 'YYYY-MM-DD', as a date input's value is. */
type Day = string;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A range's bound (a UTC instant, or '*') → its day in India; '' for an open end. */
export function boundToDay(bound: string | undefined): Day {
  if (!bound || bound === "*") return "";
  if (DAY.test(bound)) return bound;
  const t = new Date(bound).getTime();
  return Number.isNaN(t) ? "" : new Date(t + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Days picked (India's calendar) → a range of UTC instants (undefined when both ends are empty). */
export function daysToRange(from: Day | null | undefined, to: Day | null | undefined): Range | undefined {
  if (!from && !to) return undefined;
  return {
    min: from ? toUtcInstant(istDayStart(from)) : "*",
    max: to ? toUtcInstant(istDayEnd(to)) : "*",
  };
}

export function DateRangeFilter({ label, range, onChange, disabled, disabledReason }: Props) {
  const id = useId();
  const fromDay = boundToDay(range?.min);
  const toDay = boundToDay(range?.max);
  const fromRef = useRef<InputRef>(null);
  const toRef = useRef<InputRef>(null);
  const [reversed, setReversed] = useState(false);

  /** One end's day as the field holds it now: a complete day, '' if emptied, or the applied day while half typed. */
  const current = (input: HTMLInputElement | null | undefined, applied: Day): Day => {
    if (!input) return applied;
    if (isDay(input.value)) return input.value;
    return input.value === "" && !input.validity?.badInput ? "" : applied;
  };
  const fieldDays = () => ({ from: current(fromRef.current?.input, fromDay), to: current(toRef.current?.input, toDay) });
  const isReversed = ({ from, to }: { from: Day; to: Day }) => !!from && !!to && from > to;

  // What each field shows. antd's Input keeps its own copy of the value and writes it back into
  // the field on every render, so a range changed from outside (a link, 'Clear', 'Fresh') must
  // change this state, not the field alone (written in the field only, a later render brought the
  // old day back). A date input reports a change only for a complete day or an emptied field, so
  // a half-typed date is never written over; whether From is after To is asked again each time
  // (one end applied just after the other was typed: the URL catches up a moment later).
  const [shown, setShown] = useState({ from: fromDay, to: toDay });
  useEffect(() => {
    setShown((s) => (s.from === fromDay ? s : { ...s, from: fromDay }));
    setReversed(isReversed({ ...fieldDays(), from: fromDay }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the applied day changes
  }, [fromDay]);
  useEffect(() => {
    setShown((s) => (s.to === toDay ? s : { ...s, to: toDay }));
    setReversed(isReversed({ ...fieldDays(), to: toDay }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the applied day changes
  }, [toDay]);

  const changed = (end: "from" | "to", value: string) => {
    setShown((s) => ({ ...s, [end]: value }));
    const days = fieldDays();
    const reversedNow = isReversed(days);
    setReversed(reversedNow);
    if (reversedNow || (days.from === fromDay && days.to === toDay)) return;
    onChange(daysToRange(days.from, days.to));
  };
  const clear = () => {
    // Both fields empty, also an end typed but not applied (a From after To).
    setShown({ from: "", to: "" });
    setReversed(false);
    onChange(undefined);
  };

  const active = !!fromDay || !!toDay;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const describedBy = [reversed ? errorId : "", disabled && disabledReason ? noteId : ""].filter(Boolean).join(" ") || undefined;
  const field = (end: "from" | "to") => {
    return (
      <>
        <label htmlFor={`${id}-${end}-input`} className="date-filter-label">
          {end === "from" ? "From" : "To"}
        </label>
        <Input
          ref={end === "from" ? fromRef : toRef}
          id={`${id}-${end}-input`}
          type="date"
          // Named with the filter ('Retrieved on From'): a panel has several date ranges.
          aria-label={`${label} ${end === "from" ? "From" : "To"}`}
          aria-invalid={reversed || undefined}
          aria-describedby={describedBy}
          value={shown[end]}
          // The browser's calendar greys out the days the other end rules out.
          max={end === "from" ? toDay || undefined : undefined}
          min={end === "to" ? fromDay || undefined : undefined}
          disabled={disabled}
          status={reversed ? "error" : undefined}
          onChange={(e) => changed(end, e.target.value)}
        />
      </>
    );
  };

  return (
    <div className="date-filter" role="group" aria-label={`${label} range`}>
      <div className="facet-title">
        <Typography.Text strong>{label}</Typography.Text>
        {active && !disabled && (
          <Typography.Link className="facet-clear" onClick={clear} aria-label={`Clear ${label}`}>
            Clear
          </Typography.Link>
        )}
      </div>
      <div className="date-filter-fields">
        {field("from")}
        {field("to")}
      </div>
      {reversed && (
        <Typography.Text type="danger" className="filter-error" id={errorId} role="alert">
          ‘From’ is after ‘To’: the range is not applied.
        </Typography.Text>
      )}
      {disabled && disabledReason && (
        <Typography.Text type="secondary" className="filter-note" id={noteId}>
          {disabledReason}
        </Typography.Text>
      )}
    </div>
  );
}
