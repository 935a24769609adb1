// The preferences the feed follows, shown as tags above it and edited in a drawer
// (FeedPreferencesDrawer, fetched when the pointer or focus reaches 'Edit preferences'; the button
// shows it is busy until it is there: LazyDialogButton).
import { EditOutlined } from "@ant-design/icons";
import { Tag, Typography } from "antd";
import type { UserPreferences } from "../../../common/api";
import { LazyDialogButton } from "../../components/page/LazyDialogButton";
import { Panel } from "../../components/page/Panel";
import { formatRupees } from "../../lib/format";

const loadDrawer = () => import("./FeedPreferencesDrawer").then((m) => m.FeedPreferencesDrawer);

function valueRange(min: number | null, max: number | null): string | null {
  if (min === null && max === null) return null;
  if (min !== null && max !== null) return `${formatRupees(min)} – ${formatRupees(max)}`;
  return min !== null ? `from ${formatRupees(min)}` : `up to ${formatRupees(max)}`;
}

export function FeedPreferences({ preferences, narrow }: { preferences: UserPreferences; narrow: boolean }) {
  const range = valueRange(preferences.preferred_min_value, preferences.preferred_max_value);

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
      <LazyDialogButton label="Edit preferences" icon={<EditOutlined />} load={loadDrawer} dialogProps={{ preferences, narrow }} />
    </Panel>
  );
}
