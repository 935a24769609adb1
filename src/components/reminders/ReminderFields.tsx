// A reminder's time (IST, in the future) and note: the fields of both reminder dialogs (set from an
// item's page, and create or edit on the reminders page and calendar).
import { DatePicker, Form, Input } from "antd";
import type { Dayjs } from "dayjs";
import { fromIstWallClock } from "../../lib/format";

/** `unchangedAt`: an edited reminder's own time, which may stay as it is even if it has passed. */
export function ReminderFields({ unchangedAt }: { unchangedAt?: string }) {
  const allowed = (v: Dayjs | undefined) => {
    if (!v) return true;
    const at = Date.parse(fromIstWallClock(v));
    return at > Date.now() || (unchangedAt !== undefined && at === Date.parse(unchangedAt));
  };
  return (
    <>
      <Form.Item
        label="When (IST)"
        name="remind_at"
        rules={[
          { required: true, message: "Choose a date and time" },
          { validator: (_, v: Dayjs | undefined) => (allowed(v) ? Promise.resolve() : Promise.reject(new Error("Choose a time in the future"))) },
        ]}
      >
        <DatePicker showTime={{ format: "HH:mm", minuteStep: 5 }} format="DD MMM, YYYY HH:mm" style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item label="Note" name="note">
        <Input.TextArea rows={3} maxLength={2000} placeholder="e.g. Call the site engineer about the cement order" />
      </Form.Item>
    </>
  );
}
