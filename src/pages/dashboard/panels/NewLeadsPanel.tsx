// New leads for the user's preferences over time: the last N days (proj_cnt_stats/) or a
// chosen range of any lead date (projs_cnt_date_range/). The total and each day open My Feed
// narrowed to those days.
import { DatePicker, Flex, Select, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useNavigate } from "react-router";
import { LEAD_DATE_FIELD_LABELS, LEAD_DATE_FIELDS, MAX_RANGE_DAYS, type LeadDateField } from "../../../../common/dashboard";
import { formatDate, formatIndianNumber } from "../../../lib/format";
import { feedLink, useLeadCounts } from "../api";
import { DayBars } from "./charts";
import { Panel } from "./Panel";

export interface Window {
  days: number;
  /** A chosen range (YYYY-MM-DD, UTC days) and date field; null = the last `days` days of arrival. */
  range: { from: string; to: string; field: LeadDateField } | null;
}

const DAY = "YYYY-MM-DD";

export function NewLeadsPanel({ window, onRange }: { window: Window; onRange: (range: Window["range"]) => void }) {
  const navigate = useNavigate();
  const { range, days } = window;
  const query = useLeadCounts(days, range);
  const s = query.data;
  const field = range?.field ?? "arrived_date";
  const previous = s?.previous_total;
  const change = s && previous !== undefined ? s.total - previous : null;
  const pickerValue: [Dayjs, Dayjs] | null = s ? [dayjs(s.date_gte), dayjs(s.date_lte)] : null;

  const controls = (
    <Flex gap={8} wrap className="dash-range-controls">
      <Select
        aria-label="Date field"
        size="small"
        value={field}
        style={{ width: 140 }}
        options={LEAD_DATE_FIELDS.map((f) => ({ value: f, label: LEAD_DATE_FIELD_LABELS[f] }))}
        onChange={(f: LeadDateField) => s && onRange({ from: s.date_gte, to: s.date_lte, field: f })}
      />
      <DatePicker.RangePicker
        aria-label="Date range"
        size="small"
        allowClear={false}
        value={pickerValue}
        format="DD MMM, YYYY"
        disabledDate={(d, info) => !!info.from && Math.abs(d.diff(info.from, "day")) >= MAX_RANGE_DAYS}
        presets={[7, 30, 90].map((n) => ({ label: `Last ${n} days`, value: [dayjs().subtract(n - 1, "day"), dayjs()] as [Dayjs, Dayjs] }))}
        onChange={(v) => v?.[0] && v[1] && onRange({ from: v[0].format(DAY), to: v[1].format(DAY), field })}
      />
    </Flex>
  );

  return (
    <Panel
      title="New leads for you"
      className="dash-new-leads"
      number={s?.total}
      numberLabel={s ? `${LEAD_DATE_FIELD_LABELS[field]} ${formatDate(s.date_gte)} – ${formatDate(s.date_lte)}` : undefined}
      to={s ? feedLink(field, s.date_gte, s.date_lte) : undefined}
      extra={controls}
      loading={query.isPending}
      error={query.isError}
    >
      {s && (
        <>
          {change !== null && (
            <Typography.Text type={change > 0 ? "success" : "secondary"} className="dash-change">
              {change === 0 ? "Same as" : `${change > 0 ? "+" : "−"}${formatIndianNumber(Math.abs(change), 0)} vs`} the {s.days.length} days before ({formatIndianNumber(previous, 0)})
            </Typography.Text>
          )}
          <Typography.Paragraph type="secondary" className="dash-hint">
            Leads matching your preferred statuses, sectors, states and value range. Click a day to open it in My Feed.
          </Typography.Paragraph>
          <DayBars label={`Leads per day, ${formatDate(s.date_gte)} to ${formatDate(s.date_lte)}`} days={s.days} onOpen={(d) => navigate(feedLink(field, d, d))} />
        </>
      )}
    </Panel>
  );
}
