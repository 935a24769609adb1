// 'Report wrong number' from the QA tool: which contact has the number and why it is wrong, sent to
// numbers/{e164}/report/. A chunk of its own (antd's Modal and Radio), fetched when first pointed at.
import { useCustomMutation } from "@refinedev/core";
import { Alert, Form, Input, Modal, Radio, Space } from "antd";
import type { LazyDialogProps } from "../../components/page/LazyDialogButton";
import { toastSuccess } from "../../lib/toast";
import { leadPaths, type NumberMatch } from "./api";
import type { Checked } from "./QaToolPage";

export function QaReportDialog({ open, onClose, checked, matches }: LazyDialogProps & { checked: Checked; matches: NumberMatch[] }) {
  const [form] = Form.useForm<{ contact_id: number; reason: string }>();
  const { mutate, mutation: report } = useCustomMutation();
  const send = (values: { contact_id: number; reason: string }) =>
    mutate({ url: leadPaths.reportNumber(checked.result.e164 ?? checked.phone), method: "post", values, errorNotification: false }, {
      onSuccess: () => {
        toastSuccess("Thank you. The number is reported and our team will check it.");
        form.resetFields();
        onClose();
      },
    });
  const options = matches;
  return (
    <Modal title="Report wrong number" open={open} onCancel={onClose} okText="Report" confirmLoading={report.isPending} onOk={() => form.submit()} destroyOnHidden>
      {options.length === 0 ? (
        <Alert type="info" showIcon message="No contact in our database has this number, so there is nothing to report." />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ contact_id: checked.contactId ?? options[0].id }} onFinish={(v) => send({ ...v, reason: v.reason.trim() })}>
          <Form.Item name="contact_id" label="Contact" rules={[{ required: true }]}>
            <Radio.Group>
              <Space direction="vertical">
                {options.map((m) => (
                  <Radio key={m.id} value={m.id}>
                    {m.name} {m.company ? `(${m.company.name})` : ""}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="reason" label="Reason" rules={[{ required: true, whitespace: true, message: "Say what is wrong with the number" }]}>
            <Input.TextArea rows={3} maxLength={1000} placeholder="e.g. The number belongs to someone else; not reachable; wrong person" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
