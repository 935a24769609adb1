// One reminder: complete it (the check box), its item with a link, when, the note; edit and
// delete. Used by the reminders page and the calendar's day list. A reminder set before a tender
// date says which, and a moved tender date is pointed out (it moved with it, or it kept its time).
import { DeleteOutlined, EditOutlined, SyncOutlined } from "@ant-design/icons";
import { Button, Checkbox, Popconfirm, Tag, Tooltip, Typography } from "antd";
import { Link } from "react-router";
import { formatIstDateTime } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { describeRelative, REMINDER_ITEM_LABELS, reminderDateNotes } from "../../../common/reminders";
import { useReminderMutations, type Reminder } from "./api";

const STATUS_TAGS: Record<Reminder["status"], { color: string; text: string }> = {
  overdue: { color: "red", text: "Overdue" },
  today: { color: "orange", text: "Today" },
  upcoming: { color: "blue", text: "Upcoming" },
  done: { color: "default", text: "Done" },
};

export function ReminderRow({ reminder, onEdit, showStatus }: { reminder: Reminder; onEdit: (r: Reminder) => void; showStatus?: boolean }) {
  const { update, remove } = useReminderMutations();
  const r = reminder;
  const moved = reminderDateNotes(r);
  const toggle = async (completed: boolean) => {
    try {
      await update.mutateAsync({ id: r.id, change: { completed } });
      toastSuccess(completed ? "Reminder completed" : "Reminder reopened");
    } catch {
      // shown by the HTTP layer
    }
  };
  return (
    <div className={`reminder-row ${r.completed ? "reminder-done" : ""}`} data-reminder-id={r.id} data-status={r.status}>
      <Tooltip title={r.completed ? "Reopen" : "Mark as done"}>
        <Checkbox checked={r.completed} disabled={update.isPending} onChange={(e) => void toggle(e.target.checked)} aria-label={r.completed ? "Reopen reminder" : "Complete reminder"} />
      </Tooltip>
      <div className="reminder-main">
        <div className="reminder-head">
          <Tag bordered={false}>{REMINDER_ITEM_LABELS[r.item_type]}</Tag>
          {r.item_title ? (
            <Link to={r.link} className="reminder-title">
              {r.item_title}
            </Link>
          ) : (
            <Typography.Text type="secondary">(no longer available)</Typography.Text>
          )}
        </div>
        {r.note && <Typography.Paragraph className="reminder-note">{r.note}</Typography.Paragraph>}
        {moved.length > 0 && (
          <div className="reminder-moved" role="note" aria-label="Tender dates moved">
            <SyncOutlined aria-hidden />
            <span>{moved.join(" ")}</span>
          </div>
        )}
        <Typography.Text type={r.status === "overdue" ? "danger" : "secondary"} className="reminder-when">
          {formatIstDateTime(r.remind_at)}
          {r.relative_to && r.minutes_before !== null && <span className="reminder-rule"> · {describeRelative(r.relative_to, r.minutes_before)}</span>}
          {showStatus && (
            <Tag color={STATUS_TAGS[r.status].color} className="reminder-status">
              {STATUS_TAGS[r.status].text}
            </Tag>
          )}
        </Typography.Text>
      </div>
      <div className="reminder-actions">
        <Button type="text" size="small" icon={<EditOutlined />} onClick={() => onEdit(r)} aria-label="Edit reminder" />
        <Popconfirm title="Delete this reminder?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(r.id).then(() => toastSuccess("Reminder deleted"), () => undefined)}>
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="Delete reminder" />
        </Popconfirm>
      </div>
    </div>
  );
}
