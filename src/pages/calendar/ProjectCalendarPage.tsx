// The project calendar: a month (antd Calendar) or week view of the user's reminders and the
// key dates of their shortlisted leads (start, completion) and followed tenders (closing,
// pre-bid meeting), from reminders/calendar/. Choosing a day lists its events beside the
// calendar (below it on phones), where reminders can be completed, edited or added. The view
// and the chosen day are in the URL (?view=week&date=2025-03-14), so a day can be linked to.
import { LeftOutlined, PlusOutlined, RightOutlined } from "@ant-design/icons";
import { Button, Calendar, Empty, Segmented, Tag, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import dayjs, { type Dayjs } from "dayjs";
import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageShell } from "../../components/page/PageShell";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { formatDate, toIstWallClock } from "../../lib/format";
import type { Reminder } from "../reminders/api";
import { useLazyDialog } from "../../components/page/LazyDialogButton";
import { loadReminderDialog } from "../reminders/loadReminderDialog";
import { ReminderRow } from "../reminders/ReminderRow";
import "../reminders/reminders.css";
import { KIND_COLORS, useCalendarEvents, type CalendarEvent, type EventKind } from "./api";
import "./calendar.css";

type View = "month" | "week";
const YMD = "YYYY-MM-DD";
const LEGEND: [EventKind, string][] = [
  ["reminder", "Reminder"],
  ["project_start", "Project start"],
  ["project_completion", "Project completion"],
  ["tender_prebid", "Pre-bid meeting"],
  ["tender_closing", "Tender closing"],
];

/** The days a view shows: a month's grid (with the neighbouring weeks) or one week. */
function visibleRange(view: View, day: Dayjs): { from: Dayjs; to: Dayjs } {
  if (view === "week") return { from: day.startOf("week"), to: day.startOf("week").add(6, "day") };
  return { from: day.startOf("month").startOf("week"), to: day.startOf("month").startOf("week").add(41, "day") };
}

/** A calendar event as the reminder row and dialog know a reminder. */
function asReminder(e: CalendarEvent): Reminder {
  const r = e.reminder!;
  return {
    id: r.id,
    item_type: e.item_type,
    item_id: e.item_id,
    item_title: e.title,
    link: e.link,
    remind_at: e.at!,
    note: r.note,
    completed: r.completed,
    completed_at: null,
    notified_at: null,
    created_at: "",
    status: r.status as Reminder["status"],
    relative_to: r.relative_to ?? null,
    minutes_before: r.minutes_before ?? null,
    date_moves: r.date_moves ?? [],
  };
}

function Chip({ event }: { event: CalendarEvent }) {
  const time = event.at && event.kind !== "project_start" && event.kind !== "project_completion" ? `${toIstWallClock(event.at).format("HH:mm")} ` : "";
  return (
    <li className={`cal-chip cal-chip-${KIND_COLORS[event.kind]} ${event.reminder?.completed ? "cal-chip-done" : ""}`} title={`${event.label}: ${event.title ?? ""}`} data-kind={event.kind}>
      {time}
      {event.title ?? event.label}
    </li>
  );
}

function Chips({ events, max }: { events: CalendarEvent[]; max: number }) {
  if (!events.length) return null;
  return (
    <ul className="cal-chips">
      {events.slice(0, max).map((e) => (
        <Chip key={e.key} event={e} />
      ))}
      {events.length > max && <li className="cal-chip-more">+{events.length - max} more</li>}
    </ul>
  );
}

export default function ProjectCalendarPage() {
  const phone = useMediaQuery("(max-width: 767.98px)");
  const [params, setParams] = useSearchParams();
  const view: View = params.get("view") === "week" ? "week" : "month";
  const raw = params.get("date") ?? "";
  const asked = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? dayjs(raw) : null;
  const day = asked?.isValid() && asked.format(YMD) === raw ? asked.startOf("day") : toIstWallClock(Date.now()).startOf("day");
  const go = (next: { view?: View; day?: Dayjs }) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.set("view", next.view ?? view);
        out.set("date", (next.day ?? day).format(YMD));
        return out;
      },
      { replace: true },
    );
  const setDay = (d: Dayjs) => go({ day: d });
  const setView = (v: View) => go({ view: v });
  // The add/edit dialog (a date picker and a form) loads when first asked for.
  const dialog = useLazyDialog("Reminder", loadReminderDialog);
  const edit = (reminder: Reminder) => dialog.show({ reminder });
  const { from, to } = visibleRange(view, day);
  const { result: events, query: eventsQuery } = useCalendarEvents(from.format(YMD), to.format(YMD));

  const byDay = useMemo(() => {
    const map = new Map<string, CalendarEvent[]>();
    for (const e of events.data ?? []) map.set(e.date, [...(map.get(e.date) ?? []), e]);
    return map;
  }, [events.data]);
  const dayEvents = byDay.get(day.format(YMD)) ?? [];

  const move = (step: number) => setDay(day.add(step, view === "week" ? "week" : "month"));
  const period = view === "week" ? `${from.format("DD MMM")} – ${to.format("DD MMM, YYYY")}` : day.format("MMMM YYYY");

  const dayPanel = (
    <Panel
      size="small"
      title={formatDate(day.toDate())}
      extra={
        <Button size="small" icon={<PlusOutlined />} loading={dialog.busy} onPointerEnter={dialog.preload} onFocus={dialog.preload} onClick={() => dialog.show({ reminder: null, day })}>
          Reminder
        </Button>
      }
      className="cal-day-card"
      data-day={day.format(YMD)}
    >
      {dayEvents.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing on this day" />
      ) : (
        <div className="cal-day-events">
          {dayEvents.map((e) =>
            e.reminder ? (
              <ReminderRow key={e.key} reminder={asReminder(e)} onEdit={edit} />
            ) : (
              <div key={e.key} className="cal-event" data-kind={e.kind}>
                <div className="cal-event-main">
                  <Tag color={KIND_COLORS[e.kind]}>{e.label}</Tag>
                  {e.at && <Typography.Text type="secondary">{toIstWallClock(e.at).format("HH:mm")}</Typography.Text>}
                  <div>
                    <Link to={e.link} className="cal-event-title">
                      {e.title ?? "(no longer available)"}
                    </Link>
                  </div>
                </div>
              </div>
            ),
          )}
        </div>
      )}
    </Panel>
  );

  const week = (
    <div className="cal-week" role="grid" aria-label="Week">
      {Array.from({ length: 7 }, (_, i) => from.add(i, "day")).map((d) => {
        const list = byDay.get(d.format(YMD)) ?? [];
        return (
          <div
            key={d.format(YMD)}
            role="gridcell"
            tabIndex={0}
            aria-selected={d.isSame(day, "day")}
            className={`cal-week-day ${d.isSame(day, "day") ? "cal-week-day-selected" : ""} ${d.isSame(toIstWallClock(Date.now()), "day") ? "cal-week-day-today" : ""}`}
            onClick={() => setDay(d)}
            onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && setDay(d)}
            data-date={d.format(YMD)}
          >
            <div className="cal-week-day-head">{d.format("ddd DD MMM")}</div>
            <Chips events={list} max={phone ? 3 : 8} />
          </div>
        );
      })}
    </div>
  );

  const month = (
    <Calendar
      value={day}
      fullscreen={!phone}
      headerRender={() => null}
      onSelect={(d) => setDay(d.startOf("day"))}
      cellRender={(d, info) => {
        if (info.type !== "date") return info.originNode;
        const list = byDay.get(d.format(YMD)) ?? [];
        // A dot on a phone: an image named with the count ('1 event', '2 events').
        if (phone) return list.length ? <span className="cal-dot" role="img" aria-label={`${list.length} ${list.length === 1 ? "event" : "events"}`} /> : null;
        return <Chips events={list} max={3} />;
      }}
    />
  );

  return (
    <PageShell title="Project Calendar" subtitle={<>Your reminders and the key dates of your shortlisted leads and followed tenders. <Link to="/reminders">All reminders</Link></>}>
      <div className="cal-toolbar">
        <div className="cal-toolbar-nav">
          <Button icon={<LeftOutlined />} onClick={() => move(-1)} aria-label={`Previous ${view}`} />
          <Button onClick={() => setDay(toIstWallClock(Date.now()).startOf("day"))}>Today</Button>
          <Button icon={<RightOutlined />} onClick={() => move(1)} aria-label={`Next ${view}`} />
          <span className="cal-period" aria-live="polite">
            {period}
          </span>
        </div>
        <Segmented<View> value={view} onChange={setView} options={[{ value: "month", label: "Month" }, { value: "week", label: "Week" }]} />
      </div>
      <div className="cal-legend">
        {LEGEND.map(([kind, label]) => (
          <Tag key={kind} color={KIND_COLORS[kind]} bordered={false}>
            {label}
          </Tag>
        ))}
      </div>
      <div className="cal-layout" aria-busy={eventsQuery.isFetching}>
        <Panel size="small" className="cal-main">
          {view === "week" ? week : month}
        </Panel>
        {dayPanel}
      </div>
      {dialog.element}
    </PageShell>
  );
}
