// E-mail alerts (email-config/): for the feed and each quick search, on or off, daily or weekly.
// A digest of the new items since the last one (each with why it matched) is mailed per user
// and frequency; every mail has an unsubscribe link that works without signing in.
import { List, Segmented, Skeleton, Switch, Tag, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import { useState } from "react";
import { Link } from "react-router";
import { PageShell } from "../../components/page/PageShell";
import { formatDateTime } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { FEED_ALERT_NAME, type AlertConfig, type Frequency } from "../../../common/alerts";
import { useAlertConfigs, useAlertMutations, useSavedSearches } from "../quick-searches/api";
import "./email-alerts.css";

/** One line per thing an alert can watch: the feed, then every quick search. */
interface Row {
  key: string;
  savedSearchId: number | null;
  name: string;
  link: string;
  hint: string;
  config: AlertConfig | undefined;
}

function AlertRow({ row }: { row: Row }) {
  const alerts = useAlertMutations();
  const [busy, setBusy] = useState(false);
  const config = row.config;
  const enabled = !!config?.enabled;
  const frequency = config?.frequency ?? "daily";

  /** Turn on/off or change the frequency: creates the alert the first time. */
  const change = async (patch: { enabled?: boolean; frequency?: Frequency }) => {
    setBusy(true);
    try {
      if (config) await alerts.change(config.id, patch);
      else await alerts.create({ saved_search_id: row.savedSearchId, frequency: patch.frequency ?? frequency, enabled: patch.enabled ?? true });
      const on = patch.enabled ?? enabled;
      toastSuccess(on ? `${(patch.frequency ?? frequency) === "daily" ? "Daily" : "Weekly"} alert on for '${row.name}'` : `Alert off for '${row.name}'`);
    } catch {
      // shown by the HTTP layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <List.Item data-alert={row.key} className="alert-row">
      <div className="alert-main">
        <Link to={row.link} className="alert-name">
          {row.name}
        </Link>
        <Typography.Text type="secondary" className="alert-hint">
          {row.hint}
        </Typography.Text>
        {config?.last_sent_at && (
          <Typography.Text type="secondary" className="alert-hint">
            Last digest checked {formatDateTime(config.last_sent_at)}
          </Typography.Text>
        )}
      </div>
      <div className="alert-controls">
        <Segmented<Frequency>
          size="small"
          value={frequency}
          disabled={busy}
          onChange={(f) => void change(enabled ? { frequency: f } : { frequency: f, enabled: true })}
          options={[
            { value: "daily", label: "Daily" },
            { value: "weekly", label: "Weekly" },
          ]}
          aria-label={`How often for ${row.name}`}
        />
        <Switch checked={enabled} loading={busy} onChange={(on) => void change({ enabled: on })} aria-label={`E-mail alert for ${row.name}`} />
        {enabled ? <Tag color="blue">On</Tag> : <Tag>Off</Tag>}
      </div>
    </List.Item>
  );
}

export default function EmailAlertsPage() {
  const { result: savedSearches, query: searches } = useSavedSearches();
  const { result: alertConfigs, query: alerts } = useAlertConfigs();
  const configs = alertConfigs.data ?? [];
  const rows: Row[] = [
    {
      key: "feed",
      savedSearchId: null,
      name: FEED_ALERT_NAME,
      link: "/my-feed",
      hint: "New leads and live tenders matching your preferences",
      config: configs.find((c) => c.saved_search_id === null),
    },
    ...(savedSearches.data ?? []).map((s) => ({
      key: `search-${s.id}`,
      savedSearchId: s.id,
      name: s.name,
      link: s.url,
      hint: `Quick search · ${s.resource_label}`,
      config: configs.find((c) => c.saved_search_id === s.id),
    })),
  ];

  return (
    <PageShell title="Email Alerts" subtitle="Get the new items of your feed or a quick search by e-mail: every morning (IST) or every Monday.">
      <Panel>
        {alerts.isPending || searches.isPending ? (
          <Skeleton active />
        ) : (
          <List dataSource={rows} rowKey="key" renderItem={(row) => <AlertRow row={row} />} className="alert-list" />
        )}
        {!searches.isPending && savedSearches.data.length === 0 && (
          <Typography.Paragraph type="secondary" className="alert-empty-hint">
            Save a search from any lister ('Save search') to get alerts on it too. Your saved searches are under <Link to="/quick-searches">Quick Searches</Link>.
          </Typography.Paragraph>
        )}
      </Panel>
    </PageShell>
  );
}
