// The preferences the feed follows, shown as tags above it and edited in a drawer
// (FeedPreferencesDrawer, fetched when the pointer or focus reaches 'Edit preferences'; the button
// shows it is busy until it is there).
import { EditOutlined } from "@ant-design/icons";
import { Button, Tag, Typography } from "antd";
import { Suspense, useState } from "react";
import type { UserPreferences } from "../../../common/api";
import { Panel } from "../../components/page/Panel";
import { formatRupees } from "../../lib/format";
import { lazyComponent } from "../../lib/lazyPage";

const loadDrawer = () => import("./FeedPreferencesDrawer").then((m) => m.FeedPreferencesDrawer);
const FeedPreferencesDrawer = lazyComponent(loadDrawer);
const preloadDrawer = () => void loadDrawer().catch(() => undefined);

function valueRange(min: number | null, max: number | null): string | null {
  if (min === null && max === null) return null;
  if (min !== null && max !== null) return `${formatRupees(min)} – ${formatRupees(max)}`;
  return min !== null ? `from ${formatRupees(min)}` : `up to ${formatRupees(max)}`;
}

export function FeedPreferences({ preferences, narrow }: { preferences: UserPreferences; narrow: boolean }) {
  const [open, setOpen] = useState(false);
  // Kept once shown, so closing plays antd's leave and reopening needs no second load.
  const [shown, setShown] = useState(false);
  const range = valueRange(preferences.preferred_min_value, preferences.preferred_max_value);

  const tags = (label: string, values: string[], all: string) => (
    <>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {values.length ? values.map((v) => <Tag key={`${label}${v}`}>{v}</Tag>) : <Tag bordered={false}>{all}</Tag>}
    </>
  );

  const editButton = (busy: boolean) => (
    <Button
      icon={<EditOutlined />}
      loading={busy}
      onMouseEnter={preloadDrawer}
      onFocus={preloadDrawer}
      onClick={() => {
        setShown(true);
        setOpen(true);
      }}
    >
      Edit preferences
    </Button>
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
      <Suspense fallback={editButton(true)}>
        {editButton(false)}
        {shown && <FeedPreferencesDrawer preferences={preferences} narrow={narrow} open={open} onClose={() => setOpen(false)} />}
      </Suspense>
    </Panel>
  );
}
