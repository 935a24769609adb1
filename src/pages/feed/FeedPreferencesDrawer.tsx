// The feed preferences' editor: a drawer with the profile's preference fields, saved with PATCH
// user-info/ ('Updated Profile'); then the identity and every shown list are read again. Loaded
// when 'Edit preferences' is first reached (FeedPreferences): its form and number inputs are
// ≈ 20 KB gzipped that the feed does not need to show itself.
import { useInvalidate } from "@refinedev/core";
import { Button, Drawer, Form } from "antd";
import { useEffect } from "react";
import type { UserPreferences } from "../../../common/api";
import { PreferencesFields, preferenceValues, type PreferenceValues } from "../profile/PreferencesFields";
import { usePreferencesSave } from "../profile/usePreferencesSave";

export interface FeedPreferencesDrawerProps {
  preferences: UserPreferences;
  narrow: boolean;
  open: boolean;
  onClose: () => void;
}

export function FeedPreferencesDrawer({ preferences, narrow, open, onClose }: FeedPreferencesDrawerProps) {
  const [form] = Form.useForm<PreferenceValues>();
  const invalidate = useInvalidate();
  const { saving, save } = usePreferencesSave(form, {
    onSaved: onClose,
    // The feed's lists follow the preferences: every shown search list asks again.
    onRefreshed: () => invalidate({ dataProviderName: "default", invalidates: ["all"] }),
  });

  // Each opening starts from the preferences as saved.
  useEffect(() => {
    if (open) form.setFieldsValue(preferenceValues(preferences));
  }, [open, preferences, form]);

  return (
    <Drawer
      title="Feed preferences"
      open={open}
      onClose={onClose}
      width={narrow ? "100%" : 440}
      forceRender
      footer={
        <Button type="primary" block loading={saving} onClick={() => form.submit()}>
          Save preferences
        </Button>
      }
    >
      <Form<PreferenceValues> form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <PreferencesFields options={preferences.options} />
      </Form>
    </Drawer>
  );
}
