// A reminder's time and note: the fields of both reminder dialogs (set from an item's page, and
// create or edit on the reminders page and calendar). A tender's reminder may instead be set
// before one of its dates ("2 days before closing"), and then moves when that date moves
// (issue 19): the choice, the offset and the time it works out to, from the tender's dates.
import type { HttpError } from "@refinedev/core";
import { DatePicker, Form, Input, InputNumber, Radio, Select, Space, Typography, type FormInstance } from "antd";
import type { Dayjs } from "dayjs";
import { useId } from "react";
import { describeRelative, MAX_MINUTES_BEFORE, TENDER_DATE_FIELDS, TENDER_DATE_NOUNS, type Reminder, type TenderDateField } from "../../../common/reminders";
import { formatIstMoment, fromIstWallClock, toIstWallClock } from "../../lib/format";
import { useTender } from "../../pages/tenders/useTender";

export type Timing = "fixed" | TenderDateField;
export type OffsetUnit = "minutes" | "hours" | "days";
const UNIT_MINUTES: Record<OffsetUnit, number> = { minutes: 1, hours: 60, days: 24 * 60 };

/** The form's timing values (both dialogs use these names). */
export interface TimingValues {
  timing?: Timing;
  remind_at?: Dayjs;
  before_amount?: number | null;
  before_unit?: OffsetUnit;
  note?: string;
}

/** What the API is sent for the chosen timing: a time, or a tender date and minutes before it. */
export type TimingPayload = { remind_at: string } | { relative_to: TenderDateField; minutes_before: number };

export function timingPayload(v: TimingValues): TimingPayload {
  if (v.timing && v.timing !== "fixed") return { relative_to: v.timing, minutes_before: (v.before_amount ?? 0) * UNIT_MINUTES[v.before_unit ?? "days"] };
  return { remind_at: fromIstWallClock(v.remind_at!.second(0).millisecond(0)) };
}

/** A reminder's timing as the form's values (an edited reminder). */
export function timingValues(r: Pick<Reminder, "remind_at" | "relative_to" | "minutes_before">): TimingValues {
  const values: TimingValues = { timing: r.relative_to ?? "fixed", remind_at: toIstWallClock(r.remind_at), before_amount: 2, before_unit: "days" };
  if (r.relative_to && r.minutes_before !== null) {
    const unit: OffsetUnit = r.minutes_before % UNIT_MINUTES.days === 0 ? "days" : r.minutes_before % UNIT_MINUTES.hours === 0 ? "hours" : "minutes";
    Object.assign(values, { before_amount: r.minutes_before / UNIT_MINUTES[unit], before_unit: unit });
  }
  return values;
}

/** The first values of a new reminder: a fixed time, with "2 days" ready for a tender date. */
export const NEW_TIMING: Pick<TimingValues, "timing" | "before_amount" | "before_unit"> = { timing: "fixed", before_amount: 2, before_unit: "days" };

// antd's Radio.Group renders a plain div (and does not type role, though it passes it on): named as a group of radios.
const RADIOGROUP: Record<string, string> = { role: "radiogroup" };
const TIMING_LABELS: Record<Timing, string> = { fixed: "At a set time", closing_date: "Before closing", opening_date: "Before opening", prebid_date: "Before pre-bid meeting" };

interface Props {
  /** `unchangedAt`: an edited reminder's own time, which may stay as it is even if it has passed. */
  unchangedAt?: string;
  /** A tender's reminder: offers its dates to remind before. */
  tenderId?: number;
}

export function ReminderFields({ unchangedAt, tenderId }: Props) {
  const timing: Timing = Form.useWatch("timing") ?? "fixed";
  return (
    <>
      {tenderId !== undefined && <TenderTiming tenderId={tenderId} timing={timing} />}
      {timing === "fixed" && <FixedTime unchangedAt={unchangedAt} />}
      <Form.Item label="Note" name="note">
        <Input.TextArea rows={3} maxLength={2000} placeholder="e.g. Call the site engineer about the cement order" />
      </Form.Item>
    </>
  );
}

function FixedTime({ unchangedAt }: { unchangedAt?: string }) {
  const allowed = (v: Dayjs | undefined) => {
    if (!v) return true;
    const at = Date.parse(fromIstWallClock(v));
    return at > Date.now() || (unchangedAt !== undefined && at === Date.parse(unchangedAt));
  };
  return (
    <Form.Item
      label="When (IST)"
      name="remind_at"
      rules={[
        { required: true, message: "Choose a date and time" },
        { validator: (_, v: Dayjs | undefined) => (allowed(v) ? Promise.resolve() : Promise.reject(new Error("Choose a time in the future"))) },
      ]}
    >
      <DatePicker showTime={{ format: "HH:mm", minuteStep: 5 }} format="DD MMM, YYYY HH:mm" style={{ width: "100%" }} />
    </Form.Item>
  );
}

/** The tender's dates (the detail page's record, from Refine's cache when the page has it). */
function TenderTiming({ tenderId, timing }: { tenderId: number; timing: Timing }) {
  const { record: tender } = useTender(String(tenderId), null);
  const form = Form.useFormInstance<TimingValues>();
  const amountId = useId();
  const amount: number | null | undefined = Form.useWatch("before_amount");
  const unit: OffsetUnit = Form.useWatch("before_unit") ?? "days";
  const dateOf = (field: TenderDateField) => (tender ? tender[field] : undefined);
  const minutes = typeof amount === "number" ? amount * UNIT_MINUTES[unit] : null;
  const date = timing !== "fixed" ? dateOf(timing) : undefined;
  const at = date && minutes !== null ? new Date(Date.parse(date) - minutes * 60_000) : null;

  // Read from the form when checked: a change of unit or date re-checks the amount (dependencies).
  const beforeRules = [
    { required: true, message: "Enter how long before" },
    {
      validator: () => {
        const v = form.getFieldsValue(["timing", "before_amount", "before_unit"]) as TimingValues;
        if (!v.timing || v.timing === "fixed" || typeof v.before_amount !== "number") return Promise.resolve();
        const before = v.before_amount * UNIT_MINUTES[v.before_unit ?? "days"];
        if (before > MAX_MINUTES_BEFORE) return Promise.reject(new Error("At most 90 days before"));
        const on = dateOf(v.timing);
        if (on && Date.parse(on) - before * 60_000 <= Date.now()) return Promise.reject(new Error(`${describeRelative(v.timing, before)} has already passed`));
        return Promise.resolve();
      },
    },
  ];

  return (
    <>
      <Form.Item label="Remind me" name="timing">
        <Radio.Group
          className="reminder-timing"
          {...RADIOGROUP}
          aria-label="Remind me"
          options={(["fixed", ...TENDER_DATE_FIELDS] as Timing[]).map((t) => ({
            value: t,
            // A date the tender does not have cannot be reminded before (known once its record is here).
            disabled: t !== "fixed" && tender !== undefined && !dateOf(t),
            label: t !== "fixed" && tender !== undefined && !dateOf(t) ? `${TIMING_LABELS[t]} (no date)` : TIMING_LABELS[t],
          }))}
        />
      </Form.Item>
      {timing !== "fixed" && (
        <Form.Item
          label="How long before"
          htmlFor={amountId}
          required
          extra={
            at ? (
              <Typography.Text type="secondary" className="reminder-timing-preview">
                {formatIstMoment(at)} — moves if the {TENDER_DATE_NOUNS[timing]} date moves ({TENDER_DATE_NOUNS[timing]}: {formatIstMoment(date)})
              </Typography.Text>
            ) : (
              `The reminder moves if the ${TENDER_DATE_NOUNS[timing]} date moves.`
            )
          }
        >
          <Space.Compact>
            <Form.Item name="before_amount" noStyle dependencies={["before_unit", "timing"]} rules={beforeRules}>
              <InputNumber id={amountId} min={0} precision={0} style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="before_unit" noStyle>
              <Select
                aria-label="Unit"
                style={{ width: 120 }}
                options={[
                  { value: "days", label: "days" },
                  { value: "hours", label: "hours" },
                  { value: "minutes", label: "minutes" },
                ]}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      )}
    </>
  );
}

/** The server's field messages (POST/PATCH reminders/list) beside the fields they are about. */
const ERROR_FIELDS: Record<string, keyof TimingValues> = { remind_at: "remind_at", relative_to: "timing", minutes_before: "before_amount", note: "note" };

export function applyTimingErrors(form: FormInstance, error: unknown): void {
  const fieldErrors = (error as HttpError | undefined)?.errors as Record<string, string[]> | undefined;
  if (!fieldErrors) return;
  form.setFields(Object.entries(fieldErrors).filter(([f]) => ERROR_FIELDS[f]).map(([f, errors]) => ({ name: ERROR_FIELDS[f], errors })));
}
