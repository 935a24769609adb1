// The 'Set reminder' dialog: a date and time (IST) and a note, saved with POST reminders/list.
// Loaded when the button is first pressed (ReminderButton): its date picker, form and modal are
// ≈ 60 KB gzipped that a detail page does not need to show itself.
import { Form, Modal } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import type { ReminderItemType } from "../../../common/reminders";
import { formatIstDateTime, fromIstWallClock, toIstWallClock } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { useReminderMutations } from "../../pages/reminders/api";
import { ReminderFields } from "./ReminderFields";

interface ReminderForm {
  remind_at: Dayjs;
  note?: string;
}

export interface SetReminderDialogProps {
  itemType: ReminderItemType;
  itemId: number;
  open: boolean;
  onClose: () => void;
}

export function SetReminderDialog({ itemType, itemId, open, onClose }: SetReminderDialogProps) {
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ReminderForm>();
  const { create } = useReminderMutations();

  const save = async (values: ReminderForm) => {
    setSaving(true); // one request per click, however often the button is pressed
    try {
      const remindAt = fromIstWallClock(values.remind_at.second(0).millisecond(0));
      await create.mutateAsync({ item_type: itemType, item_id: itemId, remind_at: remindAt, note: values.note?.trim() ?? "" });
      toastSuccess(`Reminder set for ${formatIstDateTime(remindAt)}`);
      onClose();
      form.resetFields();
    } catch {
      // The HTTP layer has shown the server's message; the dialog stays open to correct it.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="Set reminder" open={open} okText="Save reminder" confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} initialValues={{ remind_at: toIstWallClock(Date.now()).add(1, "day").hour(10).minute(0).second(0) }}>
        <ReminderFields />
      </Form>
    </Modal>
  );
}
