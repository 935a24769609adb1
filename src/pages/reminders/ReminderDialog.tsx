// Create a reminder (choosing its lead, tender, result or company) or edit one (time and note): a date,
// a time and a note; on a tender, or a time before one of its dates (it then moves with the date).
// Used by the reminders page and the calendar.
import type { HttpError } from "@refinedev/core";
import { Form, Modal, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useEffect } from "react";
import { formatIstDateTime, toIstWallClock } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { REMINDER_ITEM_LABELS } from "../../../common/reminders";
import { applyTimingErrors, NEW_TIMING, ReminderFields, timingPayload, timingValues, type TimingValues } from "../../components/reminders/ReminderFields";
import { useReminderMutations, type Reminder, type ReminderChange } from "./api";
import { ItemPicker, type PickedItem } from "./ItemPicker";

interface Values extends TimingValues {
  item?: PickedItem | null;
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
  const picked: PickedItem | null | undefined = Form.useWatch("item", form);
  // A tender's reminder may follow one of its dates: the tender edited, or the one picked.
  const tenderId = reminder ? (reminder.item_type === "tender" ? reminder.item_id : undefined) : picked?.type === "tender" ? picked.id : undefined;

  useEffect(() => {
    if (!open) return;
    // Pickers show IST wall-clock time (src/lib/format.ts); a calendar day is an IST day.
    const now = toIstWallClock(Date.now());
    const suggested = (day ?? now.add(1, "day")).hour(10).minute(0).second(0).millisecond(0);
    form.resetFields();
    form.setFieldsValue(
      reminder
        ? { ...timingValues(reminder), note: reminder.note }
        : { ...NEW_TIMING, item: null, remind_at: suggested.isAfter(now) ? suggested : now.add(1, "hour").minute(0).second(0).millisecond(0), note: "" },
    );
  }, [open, reminder, day, form]);

  const save = async (values: Values) => {
    const timing = timingPayload(values);
    try {
      if (reminder) {
        const change: ReminderChange = { note: values.note?.trim() ?? "" };
        // Only a new time (or a new rule) is sent: the same again would be checked as new.
        if ("remind_at" in timing ? Date.parse(timing.remind_at) !== Date.parse(reminder.remind_at) || reminder.relative_to !== null
                                  : timing.relative_to !== reminder.relative_to || timing.minutes_before !== reminder.minutes_before) Object.assign(change, timing);
        await update.mutateAsync({ id: reminder.id, change });
        toastSuccess("Reminder updated");
      } else {
        const item = values.item!;
        const { data } = await create.mutateAsync({ item_type: item.type, item_id: item.id, ...timing, note: values.note?.trim() ?? "" });
        toastSuccess(`Reminder set for ${formatIstDateTime(data.remind_at)}`);
      }
      onClose();
    } catch (error) {
      // The HTTP layer has shown the message; field messages also go beside their inputs.
      applyTimingErrors(form, error);
      const itemError = ((error as HttpError | undefined)?.errors as Record<string, string[]> | undefined)?.item_id;
      if (itemError) form.setFields([{ name: "item", errors: itemError }]);
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
        <ReminderFields unchangedAt={reminder?.remind_at} tenderId={tenderId} />
      </Form>
    </Modal>
  );
}
