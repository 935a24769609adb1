// The 'Set reminder' dialog: a date and time (IST) and a note, saved with POST reminders/list. On a
// tender it may instead be a time before the tender's closing, opening or pre-bid meeting, which
// moves with that date.
// Loaded when the button is first pressed (ReminderButton): its date picker, form and modal are
// ≈ 60 KB gzipped that a detail page does not need to show itself.
import { Form, Modal } from "antd";
import { useState } from "react";
import type { ReminderItemType } from "../../../common/reminders";
import { formatIstDateTime, toIstWallClock } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { useReminderMutations } from "../../pages/reminders/api";
import { applyTimingErrors, NEW_TIMING, ReminderFields, timingPayload, type TimingValues } from "./ReminderFields";

export interface SetReminderDialogProps {
  itemType: ReminderItemType;
  itemId: number;
  open: boolean;
  onClose: () => void;
}

export function SetReminderDialog({ itemType, itemId, open, onClose }: SetReminderDialogProps) {
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<TimingValues>();
  const { create } = useReminderMutations();

  const save = async (values: TimingValues) => {
    setSaving(true); // one request per click, however often the button is pressed
    try {
      const { data } = await create.mutateAsync({ item_type: itemType, item_id: itemId, ...timingPayload(values), note: values.note?.trim() ?? "" });
      // The server's time: a relative reminder's is worked out from the tender's date.
      toastSuccess(`Reminder set for ${formatIstDateTime(data.remind_at)}`);
      onClose();
      form.resetFields();
    } catch (error) {
      // The HTTP layer has shown the server's message; it goes beside its field too, and the dialog stays open to correct it.
      applyTimingErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="Set reminder" open={open} okText="Save reminder" confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} initialValues={{ ...NEW_TIMING, remind_at: toIstWallClock(Date.now()).add(1, "day").hour(10).minute(0).second(0) }}>
        <ReminderFields tenderId={itemType === "tender" ? itemId : undefined} />
      </Form>
    </Modal>
  );
}
