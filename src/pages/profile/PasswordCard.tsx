// Change the password (POST user/change-password/): the old one is required; every other
// session of the user is signed out, this one stays. Not offered while impersonating.
import { useCustomMutation } from "@refinedev/core";
import { Button, Form, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import { useState } from "react";
import { toastSuccess } from "../../lib/toast";
import { fieldErrors } from "../../lib/errorMessages";
import { PasswordInput } from "../../components/form/PasswordInput";

interface Values {
  old_password: string;
  new_password: string;
  confirm: string;
}

export function PasswordCard() {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { mutateAsync: post } = useCustomMutation<{ detail: string }>();
  const save = async (v: Values) => {
    setSaving(true);
    try {
      const { data } = await post({
        url: "user/change-password/",
        method: "post",
        values: { old_password: v.old_password, new_password: v.new_password },
        dataProviderName: "rest",
        // Failures are shown beside the fields, not as toasts.
        meta: { toast: false },
        successNotification: false,
        errorNotification: false,
      });
      toastSuccess(data?.detail ?? "Password changed.");
      form.resetFields();
    } catch (error) {
      const fields = fieldErrors(error) ?? {};
      form.setFields(Object.entries(fields).filter(([f]) => f === "old_password" || f === "new_password").map(([name, errors]) => ({ name: name as keyof Values, errors })));
      if (!fields.old_password && !fields.new_password) form.setFields([{ name: "old_password", errors: [(error as Error).message] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Panel title="Change password" data-card="password">
      <Typography.Paragraph type="secondary">You stay signed in here; your other sessions are signed out.</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)} autoComplete="off">
        <Form.Item name="old_password" label="Current password" rules={[{ required: true, message: "Enter your current password" }]}>
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="new_password" label="New password" rules={[{ required: true, message: "Enter a new password" }, { min: 8, message: "At least 8 characters" }]}>
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="Confirm new password"
          dependencies={["new_password"]}
          rules={[
            { required: true, message: "Enter the new password again" },
            ({ getFieldValue }) => ({
              validator: (_, v: string) => (!v || v === getFieldValue("new_password") ? Promise.resolve() : Promise.reject(new Error("The passwords do not match"))),
            }),
          ]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Button htmlType="submit" loading={saving}>
          Change password
        </Button>
      </Form>
    </Panel>
  );
}
