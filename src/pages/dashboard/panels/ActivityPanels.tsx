// The user's own activity: reminders (by when they fall due and by the lead's status), status
// changes of shortlisted leads, and what they opened last.
import { List, Pagination, Tag, Typography } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { ReminderDue, ViewedItemType } from "../../../../common/dashboard";
import { formatDate, formatDateTime, NOT_SPECIFIED } from "../../../lib/format";
import { LEAD_LISTERS, useRecentlyViewed, useReminderStat, useStatusUpdates } from "../api";
import { COLOURS, CountBars } from "./charts";
import { Panel } from "./Panel";
import { pagerItemRender } from "../../../components/search/pager";

const DUE_LABELS: Record<ReminderDue, string> = { overdue: "Overdue", today: "Today", upcoming: "Upcoming" };

export function RemindersPanel() {
  const navigate = useNavigate();
  const query = useReminderStat();
  const s = query.data;
  return (
    <Panel title="Your reminders" number={s?.open} numberLabel="open reminders" to="/reminders" loading={query.isPending} error={query.isError}>
      {s && (
        <>
          <CountBars
            label="Open reminders: overdue, today and upcoming"
            height={180}
            rows={s.by_due.map((d) => ({ name: DUE_LABELS[d.due], count: d.count, colour: COLOURS[d.due] }))}
            onOpen={() => navigate("/reminders")}
          />
          {s.by_lead_status.length > 0 && (
            <div className="dash-sub">
              <Typography.Text strong>On leads, by the lead's status</Typography.Text>
              <div className="dash-tags">
                {s.by_lead_status.map((x) => (
                  <Tag key={x.status ?? "-"}>
                    {x.status ?? NOT_SPECIFIED}: <strong>{x.count}</strong>
                  </Tag>
                ))}
              </div>
            </div>
          )}
          {s.open === 0 && <Typography.Paragraph type="secondary">Set a reminder on a lead, tender, result or company to see it here.</Typography.Paragraph>}
        </>
      )}
    </Panel>
  );
}

export function StatusUpdatesPanel() {
  const [page, setPage] = useState(1);
  const query = useStatusUpdates(page);
  const s = query.data;
  return (
    <Panel title="Status updates on your shortlisted leads" number={s?.count} numberLabel="updates" loading={query.isPending && !s} error={query.isError}>
      {s && (
        <>
          <List
            size="small"
            className="dash-list"
            dataSource={s.results}
            locale={{ emptyText: "No status changes on your shortlisted leads yet." }}
            renderItem={(u) => (
              <List.Item key={u.id}>
                <div className="dash-item">
                  <Link to={`${LEAD_LISTERS[u.category].path}/detail/${u.project_id}`} className="dash-item-title">
                    {u.title}
                  </Link>
                  <span>
                    <Tag>{u.old_status ?? NOT_SPECIFIED}</Tag>→ <Tag color="blue">{u.new_status}</Tag>
                    <Typography.Text type="secondary">{formatDate(u.created_at)}</Typography.Text>
                  </span>
                  {u.note && <Typography.Text type="secondary">{u.note}</Typography.Text>}
                </div>
              </List.Item>
            )}
          />
          {s.count > s.page_size && <Pagination itemRender={pagerItemRender} size="small" current={page} pageSize={s.page_size} total={s.count} onChange={setPage} showSizeChanger={false} className="dash-pager" />}
        </>
      )}
    </Panel>
  );
}

const VIEWED_LABELS: Record<ViewedItemType, string> = { project: "Lead", tender: "Tender", result: "Result", company: "Company" };
const VIEWED_COLOURS: Record<ViewedItemType, string> = { project: "blue", tender: "green", result: "purple", company: "orange" };

export function RecentlyViewedPanel() {
  const query = useRecentlyViewed();
  const rows = query.data?.results;
  return (
    <Panel title="Recently viewed" loading={query.isPending} error={query.isError}>
      {rows && (
        <List
          size="small"
          className="dash-list"
          dataSource={rows}
          locale={{ emptyText: "Leads, tenders and companies you open will be listed here." }}
          renderItem={(r) => (
            <List.Item key={`${r.item_type}-${r.item_id}`}>
              <div className="dash-item">
                <span>
                  <Tag color={VIEWED_COLOURS[r.item_type]}>{VIEWED_LABELS[r.item_type]}</Tag>
                  {r.title === null ? <Typography.Text type="secondary">No longer available</Typography.Text> : <Link to={r.link} className="dash-item-title">{r.title}</Link>}
                </span>
                <Typography.Text type="secondary">
                  {r.subtitle ? `${r.subtitle} · ` : ""}
                  {formatDateTime(r.viewed_at)}
                </Typography.Text>
              </div>
            </List.Item>
          )}
        />
      )}
    </Panel>
  );
}
