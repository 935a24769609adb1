// How each kind of notification reaches the user: an instant e-mail, a daily digest, or off.
// A choice is saved at once (PUT with only that kind), as the e-mail alerts page saves its
// switches, and said in a toast; while it is saved that kind's choices wait.
import { Alert, Button, Radio, Typography } from "antd";
import { useState } from "react";
import { Panel } from "../../components/page/Panel";
import { useNotificationSettings, useSaveNotificationSetting } from "../../components/notifications/api";
import { toastSuccess } from "../../lib/toast";
import {
  DELIVERY_MODES,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  type DeliveryMode,
  type NotificationKind,
} from "../../../common/notifications";

export const DELIVERY_MODE_LABELS: Record<DeliveryMode, string> = {
  instant: "Instant e-mail",
  daily: "Daily digest",
  off: "Off",
};

export function NotificationSettingsPanel() {
  const { settings, isPending, isError, refetch } = useNotificationSettings();
  const { save } = useSaveNotificationSetting();
  const [saving, setSaving] = useState<NotificationKind | null>(null);

  const choose = async (kind: NotificationKind, mode: DeliveryMode) => {
    setSaving(kind);
    try {
      await save(kind, mode);
      toastSuccess(`Saved: ${NOTIFICATION_KIND_LABELS[kind]} — ${DELIVERY_MODE_LABELS[mode]}`);
    } catch {
      // The HTTP layer has shown the error; the choice shown is still the saved one.
    } finally {
      setSaving(null);
    }
  };

  return (
    <Panel title="Notification settings" id="settings" loading={isPending}>
      {isError || !settings ? (
        <Alert
          type="error"
          showIcon
          message="Your notification settings could not be loaded."
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Changes always appear under the bell. Choose whether each kind is also e-mailed to you: within a minute, or in one e-mail each morning (IST).
          </Typography.Paragraph>
          {NOTIFICATION_KINDS.map((kind) => {
            const labelId = `notification-setting-${kind}`;
            return (
              <div className="notification-settings-row" key={kind} data-kind={kind}>
                <span id={labelId} className="notification-settings-label">
                  {NOTIFICATION_KIND_LABELS[kind]}
                </span>
                {/* antd's group is a plain div: the role and name are ours, for screen readers. */}
                <div role="radiogroup" aria-labelledby={labelId}>
                  <Radio.Group
                    value={settings[kind]}
                    disabled={saving === kind}
                    onChange={(e) => void choose(kind, e.target.value as DeliveryMode)}
                    optionType="button"
                    options={DELIVERY_MODES.map((mode) => ({ value: mode, label: DELIVERY_MODE_LABELS[mode] }))}
                  />
                </div>
              </div>
            );
          })}
        </>
      )}
    </Panel>
  );
}
