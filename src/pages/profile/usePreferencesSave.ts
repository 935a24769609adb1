// Saving a form that holds the lead preferences (PreferencesFields): the profile page and the feed's
// preferences drawer. PATCH user-info/ with the preferences (and whatever else the form holds), then
// 'Updated Profile' and the identity read again; the server's field messages are shown beside their
// fields (min_cr/max_cr for the rupee values). `saving` is true from the press until all is done.
import type { FormInstance } from "antd";
import { useState } from "react";
import { useRefreshIdentity } from "../../hooks/useRefreshIdentity";
import { fieldErrors } from "../../lib/errorMessages";
import { toastSuccess } from "../../lib/toast";
import { PREFERENCE_FIELDS, PROFILE_UPDATED_MESSAGE, preferencePatch, type PreferenceValues } from "./PreferencesFields";
import { useProfileUpdate } from "./useProfileUpdate";

export interface PreferencesSaveOptions {
  /** Right after the save succeeded (the drawer closes), before the identity is read again. */
  onSaved?: () => void;
  /** Once the identity has been read again (the feed's lists are asked again). */
  onRefreshed?: () => Promise<unknown>;
}

/** `form`: the form the preference fields are in (a larger one on the profile page). */
export function usePreferencesSave(form: FormInstance, { onSaved, onRefreshed }: PreferencesSaveOptions = {}) {
  const [saving, setSaving] = useState(false);
  const updateProfile = useProfileUpdate();
  const refreshIdentity = useRefreshIdentity();

  /** Saves the form's preferences, with `other` fields of the user's (the profile's name, phone …). */
  const save = async (values: PreferenceValues, other: Record<string, unknown> = {}) => {
    setSaving(true);
    try {
      await updateProfile({ ...other, ...preferencePatch(values) });
      toastSuccess(PROFILE_UPDATED_MESSAGE);
      onSaved?.();
      await refreshIdentity();
      await onRefreshed?.();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) {
        form.setFields(Object.entries(fields).map(([name, errors]) => ({ name: PREFERENCE_FIELDS[name] ?? name, errors })));
      }
    } finally {
      setSaving(false);
    }
  };

  return { saving, save };
}
