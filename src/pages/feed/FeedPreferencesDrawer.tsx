// The feed preferences' editor: a drawer with the profile's preference fields, saved with PATCH
// user-info/ ('Updated Profile'); then the identity and every shown list are read again. Loaded
// when 'Edit preferences' is first reached (FeedPreferences): its form and number inputs are
// ≈ 20 KB gzipped that the feed does not need to show itself.
import { useInvalidate } from "@refinedev/core";
import { Button, Drawer, Form } from "antd";
import { useEffect, useState } from "react";
import type { UserPreferences } from "../../../common/api";
import { useRefreshIdentity } from "../../hooks/useRefreshIdentity";
import { fieldErrors } from "../../lib/errorMessages";
import { toastSuccess } from "../../lib/toast";
import { PREFERENCE_FIELDS, PROFILE_UPDATED_MESSAGE, PreferencesFields, preferencePatch, preferenceValues, type PreferenceValues } from "../profile/PreferencesFields";
import { useProfileUpdate } from "../profile/useProfileUpdate";

export interface FeedPreferencesDrawerProps {
  preferences: UserPreferences;
  narrow: boolean;
  open: boolean;
  onClose: () => void;
}

export function FeedPreferencesDrawer({ preferences, narrow, open, onClose }: FeedPreferencesDrawerProps) {
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<PreferenceValues>();
  const refreshIdentity = useRefreshIdentity();
  const updateProfile = useProfileUpdate();
  const invalidate = useInvalidate();

  // Each opening starts from the preferences as saved.
  useEffect(() => {
    if (open) form.setFieldsValue(preferenceValues(preferences));
  }, [open, preferences, form]);

  const save = async (values: PreferenceValues) => {
    setSaving(true);
    try {
      await updateProfile(preferencePatch(values));
      toastSuccess(PROFILE_UPDATED_MESSAGE);
      onClose();
      await refreshIdentity();
      // The feed's lists follow the preferences: every shown search list asks again.
      await invalidate({ dataProviderName: "default", invalidates: ["all"] });
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) {
        form.setFields(Object.entries(fields).map(([name, errors]) => ({ name: (PREFERENCE_FIELDS[name] ?? name) as keyof PreferenceValues, errors })));
      }
    } finally {
      setSaving(false);
    }
  };

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
