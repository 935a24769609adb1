// Change the password (POST user/change-password/): the old one is required; every other
// session of the user is signed out, this one stays. Not offered while impersonating.
import { Button, Card, Form, Input, Typography } from "antd";
import { useState } from "react";
import { toastSuccess } from "../../lib/toast";
import { http, HttpError } from "../../providers/http";

interface Values {
  old_password: string;
  new_password: string;
  confirm: string;
}

export function PasswordCard() {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const save = async (v: Values) => {
    setSaving(true);
    try {
      const res = await http.post<{ detail: string }>("user/change-password/", { old_password: v.old_password, new_password: v.new_password }, { toast: false });
      toastSuccess(res?.detail ?? "Password changed.");
      form.resetFields();
    } catch (error) {
      if (error instanceof HttpError && error.errors) {
        form.setFields(Object.entries(error.errors).filter(([f]) => f === "old_password" || f === "new_password").map(([name, errors]) => ({ name: name as keyof Values, errors })));
        if (!error.errors.old_password && !error.errors.new_password) form.setFields([{ name: "old_password", errors: [error.message] }]);
      } else if (error instanceof HttpError) {
        form.setFields([{ name: "old_password", errors: [error.message] }]);
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title="Change password" data-card="password">
      <Typography.Paragraph type="secondary">You stay signed in here; your other sessions are signed out.</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)} autoComplete="off">
        <Form.Item name="old_password" label="Current password" rules={[{ required: true, message: "Enter your current password" }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="new_password" label="New password" rules={[{ required: true, message: "Enter a new password" }, { min: 8, message: "At least 8 characters" }]}>
          <Input.Password autoComplete="new-password" />
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
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button htmlType="submit" loading={saving}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
