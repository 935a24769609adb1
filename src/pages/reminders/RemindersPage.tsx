// The user's reminders on leads, tenders, tender results and companies (reminders/list): overdue, today and
// upcoming ones in the order they fall due, then the completed ones; create, edit, complete,
// delete. "Today" is the IST day, as the server decides it.
import { PlusOutlined } from "@ant-design/icons";
import { Badge, Button, Collapse, Skeleton, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import { Link } from "react-router";
import { EmptyState, PageShell } from "../../components/page/PageShell";
import { useReminders, type Reminder, type ReminderStatus } from "./api";
import { loadReminderDialog } from "./loadReminderDialog";
import { useLazyDialog } from "../../components/page/LazyDialogButton";
import { ReminderRow } from "./ReminderRow";
import "./reminders.css";

const SECTIONS: { status: Exclude<ReminderStatus, "done">; title: string; color: string; empty: string }[] = [
  { status: "overdue", title: "Overdue", color: "#cf1322", empty: "Nothing overdue." },
  { status: "today", title: "Today", color: "#d46b08", empty: "Nothing more due today." },
  { status: "upcoming", title: "Upcoming", color: "#1677ff", empty: "Nothing coming up." },
];

export default function RemindersPage() {
  const { result, query: reminders } = useReminders();
  // The add/edit dialog (a date picker and a form) loads when first asked for.
  const dialog = useLazyDialog("Reminder", loadReminderDialog);
  const edit = (reminder: Reminder) => dialog.show({ reminder });
  const all = result.data ?? [];
  const by = (status: ReminderStatus) => all.filter((r) => r.status === status);
  const done = by("done");

  return (
    <PageShell
      title="Reminders"
      subtitle={<>Due reminders are e-mailed to you at their time. <Link to="/project-calendar">See them on the calendar</Link></>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} loading={dialog.busy} onPointerEnter={dialog.preload} onFocus={dialog.preload} onClick={() => dialog.show({ reminder: null })}>
          New reminder
        </Button>
      }
    >
      {reminders.isPending ? (
        <Panel>
          <Skeleton active />
        </Panel>
      ) : all.length === 0 ? (
        <Panel>
          <EmptyState title="No reminders yet" text="Set a reminder on a lead, tender, result or company here or from its page ('Set reminder')." />
        </Panel>
      ) : (
        <div className="reminder-sections">
          {SECTIONS.map((s) => {
            const rows = by(s.status);
            return (
              <Panel
                key={s.status}
                size="small"
                title={
                  <span>
                    {s.title}
                    <Badge count={rows.length} showZero color={rows.length ? s.color : "#bfbfbf"} className="reminder-section-count" />
                  </span>
                }
                data-section={s.status}
              >
                {rows.length ? rows.map((r) => <ReminderRow key={r.id} reminder={r} onEdit={edit} />) : <Typography.Text type="secondary">{s.empty}</Typography.Text>}
              </Panel>
            );
          })}
          {done.length > 0 && (
            <Collapse
              data-section="done"
              items={[
                {
                  key: "done",
                  label: `Completed (${done.length})`,
                  children: done.map((r) => <ReminderRow key={r.id} reminder={r} onEdit={edit} />),
                },
              ]}
            />
          )}
        </div>
      )}
      {dialog.element}
    </PageShell>
  );
}
