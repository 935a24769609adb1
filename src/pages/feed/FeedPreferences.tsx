// The preferences the feed follows, shown as tags above it and edited in a drawer (PATCH
// user-info/, as on the profile page; 'Updated Profile').
import { EditOutlined } from "@ant-design/icons";
import { useInvalidate } from "@refinedev/core";
import { Button, Drawer, Form, Tag, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import { useState } from "react";
import type { UserPreferences } from "../../../common/api";
import { useRefreshIdentity } from "../../hooks/useRefreshIdentity";
import { formatRupees } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { fieldErrors } from "../../lib/errorMessages";
import { useProfileUpdate } from "../profile/useProfileUpdate";
import { PREFERENCE_FIELDS, PROFILE_UPDATED_MESSAGE, PreferencesFields, preferencePatch, preferenceValues, type PreferenceValues } from "../profile/PreferencesFields";

function valueRange(min: number | null, max: number | null): string | null {
  if (min === null && max === null) return null;
  if (min !== null && max !== null) return `${formatRupees(min)} – ${formatRupees(max)}`;
  return min !== null ? `from ${formatRupees(min)}` : `up to ${formatRupees(max)}`;
}

export function FeedPreferences({ preferences, narrow }: { preferences: UserPreferences; narrow: boolean }) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<PreferenceValues>();
  const refreshIdentity = useRefreshIdentity();
  const updateProfile = useProfileUpdate();
  const invalidate = useInvalidate();
  const range = valueRange(preferences.preferred_min_value, preferences.preferred_max_value);

  const save = async (values: PreferenceValues) => {
    setSaving(true);
    try {
      await updateProfile(preferencePatch(values));
      toastSuccess(PROFILE_UPDATED_MESSAGE);
      setOpen(false);
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

  const tags = (label: string, values: string[], all: string) => (
    <>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {values.length ? values.map((v) => <Tag key={`${label}${v}`}>{v}</Tag>) : <Tag bordered={false}>{all}</Tag>}
    </>
  );

  return (
    <Panel size="small" className="feed-prefs" aria-label="Your feed preferences">
      <div className="feed-prefs-summary">
        {tags("Statuses", preferences.preferred_proj_status, "Any")}
        {tags("Sectors", preferences.preferred_sectors, "All sectors")}
        {tags("States", preferences.preferred_states, "All of India")}
        {range && (
          <>
            <Typography.Text type="secondary">Value</Typography.Text>
            <Tag>{range}</Tag>
          </>
        )}
      </div>
      <Button
        icon={<EditOutlined />}
        onClick={() => {
          form.setFieldsValue(preferenceValues(preferences));
          setOpen(true);
        }}
      >
        Edit preferences
      </Button>
      <Drawer
        title="Feed preferences"
        open={open}
        onClose={() => setOpen(false)}
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
    </Panel>
  );
}
