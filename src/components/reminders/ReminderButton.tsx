// 'Set reminder' on a lead, tender, tender result or company: a date, a time and a note, saved with
// POST reminders/list. The job runner e-mails it once at that time; /reminders lists it. The dialog
// (SetReminderDialog) is fetched when the pointer or focus reaches the button, and shown on press;
// until its code is there the button shows it is busy (LazyDialogButton).
import { BellOutlined } from "@ant-design/icons";
import type { ReminderItemType } from "../../../common/reminders";
import { LazyDialogButton } from "../page/LazyDialogButton";

const loadDialog = () => import("./SetReminderDialog").then((m) => m.SetReminderDialog);

export function ReminderButton({ itemType, itemId, size }: { itemType: ReminderItemType; itemId: number; size?: "small" | "middle" }) {
  return <LazyDialogButton label="Set reminder" icon={<BellOutlined />} size={size} load={loadDialog} dialogProps={{ itemType, itemId }} />;
}
