// Staff settings at /update-projects?tab=settings (GET/PATCH settings/, staff only): how long a
// new shared link works. A change applies to links issued afterwards and is audited.
import { useCustom, useCustomMutation } from "@refinedev/core";
import { Button, Form, InputNumber, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import { useEffect } from "react";
import { formatDateTime } from "../../lib/format";
import { fieldErrors } from "../../lib/errorMessages";

export interface AppSettings {
  share_link_days: number;
  updated_at: string;
  updated_by_email: string | null;
}

export const SETTINGS_SAVED_MESSAGE = "Settings saved";
const MAX_DAYS = 365;

export function SettingsPanel() {
  const [form] = Form.useForm<{ share_link_days: number }>();
  const { result, query } = useCustom<AppSettings>({ url: "settings/", method: "get", errorNotification: false });
  const { mutateAsync, mutation } = useCustomMutation<AppSettings>();
  const settings = query.data ? result.data : undefined;

  useEffect(() => {
    if (settings) form.setFieldsValue({ share_link_days: settings.share_link_days });
  }, [settings, form]);

  const save = async ({ share_link_days }: { share_link_days: number }) => {
    try {
      await mutateAsync({
        url: "settings/",
        method: "patch",
        values: { share_link_days },
        successNotification: () => ({ type: "success", message: SETTINGS_SAVED_MESSAGE }),
        errorNotification: false,
      });
      await query.refetch();
    } catch (error) {
      // The HTTP layer has shown the message; a field error also goes under its field.
      const errors = fieldErrors(error)?.share_link_days;
      if (errors) form.setFields([{ name: "share_link_days", errors }]);
    }
  };

  return (
    <Panel title="Shared links" data-card="settings-share-links" loading={query.isLoading}>
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 420 }}>
        <Form.Item
          name="share_link_days"
          label="A new shared link works for (days)"
          extra="Links already sent keep the expiry they were issued with."
          rules={[{ required: true, type: "integer", min: 1, max: MAX_DAYS, message: `Enter a whole number of days from 1 to ${MAX_DAYS}` }]}
        >
          <InputNumber min={1} max={MAX_DAYS} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          Save
        </Button>
        {settings?.updated_by_email && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {`Last changed by ${settings.updated_by_email} on ${formatDateTime(settings.updated_at)}`}
          </Typography.Paragraph>
        )}
      </Form>
    </Panel>
  );
}
