// New leads for the user's preferences over time: the last N days (proj_cnt_stats/) or a
// chosen range of any lead date (projs_cnt_date_range/). The total and each day open My Feed
// narrowed to those days.
import { Typography } from "antd";
import { useRef } from "react";
import { useNavigate } from "react-router";
import { LEAD_DATE_FIELD_LABELS, type LeadDateField } from "../../../../common/dashboard";
import { formatDate, formatIndianNumber } from "../../../lib/format";
import { feedLink, useLeadCounts } from "../api";
import { DayBars } from "./charts";
import { LeadRangeControls } from "./LeadRangeControls";
import { Panel } from "./Panel";

export interface Window {
  days: number;
  /** A chosen range (YYYY-MM-DD, UTC days) and date field; null = the last `days` days of arrival. */
  range: { from: string; to: string; field: LeadDateField } | null;
}

export function NewLeadsPanel({ window, onRange }: { window: Window; onRange: (range: Window["range"]) => void }) {
  const navigate = useNavigate();
  const { range, days } = window;
  const query = useLeadCounts(days, range);
  const s = query.data;
  const field = range?.field ?? "arrived_date";
  const previous = s?.previous_total;
  const change = s && previous !== undefined ? s.total - previous : null;
  // The range the fields show: the one chosen (at once, while its counts load), else the days the
  // last answer covered (kept while the next loads, so the fields never vanish under the cursor).
  const answered = useRef<Window["range"]>(null);
  if (s) answered.current = { from: s.date_gte, to: s.date_lte, field };
  const shown = range ?? answered.current;
  const controls = shown && <LeadRangeControls range={shown} onRange={onRange} />;

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
