// 'Set reminder' on a lead, tender, tender result or company: a date, a time and a note, saved with
// POST reminders/list. The job runner e-mails it once at that time; /reminders lists it. The dialog
// (SetReminderDialog) is fetched when the pointer or focus reaches the button, and shown on press;
// until its code is there the button shows it is busy.
import { BellOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { Suspense, useState } from "react";
import type { ReminderItemType } from "../../../common/reminders";
import { lazyComponent } from "../../lib/lazyPage";

const loadDialog = () => import("./SetReminderDialog").then((m) => m.SetReminderDialog);
const SetReminderDialog = lazyComponent(loadDialog);
const preloadDialog = () => void loadDialog().catch(() => undefined);

export function ReminderButton({ itemType, itemId, size }: { itemType: ReminderItemType; itemId: number; size?: "small" | "middle" }) {
  const [open, setOpen] = useState(false);
  // Kept once shown, so closing plays antd's leave and reopening needs no second load.
  const [shown, setShown] = useState(false);
  const button = (busy: boolean) => (
    <Button
      icon={<BellOutlined />}
      size={size}
      loading={busy}
      onMouseEnter={preloadDialog}
      onFocus={preloadDialog}
      onClick={() => {
        setShown(true);
        setOpen(true);
      }}
    >
      Set reminder
    </Button>
  );
  return (
    <Suspense fallback={button(true)}>
      {button(false)}
      {shown && <SetReminderDialog itemType={itemType} itemId={itemId} open={open} onClose={() => setOpen(false)} />}
    </Suspense>
  );
}
