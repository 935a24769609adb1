// Create a reminder (choosing its lead, tender, result or company) or edit one (time and note): a date,
// a time and a note. Used by the reminders page and the calendar.
import type { HttpError } from "@refinedev/core";
import { Form, Modal, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useEffect } from "react";
import { formatIstDateTime, fromIstWallClock, toIstWallClock } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { REMINDER_ITEM_LABELS } from "../../../common/reminders";
import { ReminderFields } from "../../components/reminders/ReminderFields";
import { useReminderMutations, type Reminder } from "./api";
import { ItemPicker, type PickedItem } from "./ItemPicker";

interface Values {
  item?: PickedItem | null;
  remind_at: Dayjs;
  note?: string;
}

interface Props {
  open: boolean;
  /** The reminder to edit; none = a new one. */
  reminder?: Reminder | null;
  /** A new reminder's first suggested day (the calendar's chosen day). */
  day?: Dayjs;
  onClose: () => void;
}

export function ReminderDialog({ open, reminder, day, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const { create, update } = useReminderMutations();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    // Pickers show IST wall-clock time (src/lib/format.ts); a calendar day is an IST day.
    const now = toIstWallClock(Date.now());
    const suggested = (day ?? now.add(1, "day")).hour(10).minute(0).second(0).millisecond(0);
    form.resetFields();
    form.setFieldsValue(
      reminder
        ? { remind_at: toIstWallClock(reminder.remind_at), note: reminder.note }
        : { item: null, remind_at: suggested.isAfter(now) ? suggested : now.add(1, "hour").minute(0).second(0).millisecond(0), note: "" },
    );
  }, [open, reminder, day, form]);

  const save = async (values: Values) => {
    const remindAt = fromIstWallClock(values.remind_at.second(0).millisecond(0));
    try {
      if (reminder) {
        const change: { note: string; remind_at?: string } = { note: values.note?.trim() ?? "" };
        if (Date.parse(remindAt) !== Date.parse(reminder.remind_at)) change.remind_at = remindAt;
        await update.mutateAsync({ id: reminder.id, change });
        toastSuccess("Reminder updated");
      } else {
        const item = values.item!;
        await create.mutateAsync({ item_type: item.type, item_id: item.id, remind_at: remindAt, note: values.note?.trim() ?? "" });
        toastSuccess(`Reminder set for ${formatIstDateTime(remindAt)}`);
      }
      onClose();
    } catch (error) {
      // The HTTP layer has shown the message; field messages also go beside their inputs.
      const fieldErrors = (error as HttpError | undefined)?.errors as Record<string, string[]> | undefined;
      if (fieldErrors) {
        const fields: Record<string, keyof Values> = { remind_at: "remind_at", note: "note", item_id: "item" };
        form.setFields(Object.entries(fieldErrors).filter(([f]) => fields[f]).map(([f, errors]) => ({ name: fields[f], errors })));
      }
    }
  };

  return (
    <Modal
      title={reminder ? "Edit reminder" : "New reminder"}
      open={open}
      okText={reminder ? "Save" : "Save reminder"}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
        {reminder ? (
          <Form.Item label={REMINDER_ITEM_LABELS[reminder.item_type]}>
            <Typography.Text strong>{reminder.item_title ?? "(no longer available)"}</Typography.Text>
          </Form.Item>
        ) : (
          <Form.Item label="About" name="item" rules={[{ required: true, message: "Choose a lead, tender, result or company" }]}>
            <ItemPicker />
          </Form.Item>
        )}
        <ReminderFields unchangedAt={reminder?.remind_at} />
      </Form>
    </Modal>
  );
}
