// The team's daily feed (issue 20, point 6): once a day at 07:00 IST, what arrived in the chosen
// quick searches as one CSV or XLSX, mailed to chosen members and/or posted to a team webhook —
// for CRMs without a connector. Admins set it up from their own quick searches and can send it
// now; every member sees what it sends and its last runs (times in IST).
import { useCustom } from "@refinedev/core";
import { Alert, Button, Checkbox, Form, Popconfirm, Radio, Select, Space, Switch, Tag, Typography } from "antd";
import { useState } from "react";
import type { TeamFeedInput, TeamFeedRun, TeamFeedView } from "../../../common/team-feed";
import { Panel } from "../../components/page/Panel";
import { countOf, formatIstMoment } from "../../lib/format";
import { toastError, toastSuccess } from "../../lib/toast";
import { useWebhooks } from "../integrations/webhooksApi";
import { isTeamAdmin, useTeamWrite, writeError, type Team } from "./teamApi";

const quiet = { meta: { toast: false }, errorNotification: false as const, successNotification: false as const, dataProviderName: "rest" };
const FEED_URL = "team/feed/";

interface SavedSearch {
  id: number;
  name: string;
  resource: string;
}

const fullName = (m: Team["members"][number]) => [m.first_name, m.last_name].filter(Boolean).join(" ") || m.email;

export function TeamFeed({ team }: { team: Team }) {
  const { query } = useCustom<TeamFeedView>({ url: FEED_URL, method: "get", ...quiet });
  const view = query.data?.data;
  const admin = isTeamAdmin(team);
  return (
    <Panel title="Daily feed" loading={query.isLoading}>
      <Typography.Paragraph type="secondary">
        Every morning at 07:00 IST, what arrived in chosen quick searches since the day before — one CSV or Excel file for your CRM, by e-mail or to a webhook.
      </Typography.Paragraph>
      {view?.feed && <FeedSummary view={view} team={team} />}
      {admin && view && <FeedForm team={team} view={view} onSaved={() => void query.refetch()} />}
      {!admin && !view?.feed && <Typography.Paragraph>Your team has no daily feed. An admin can set one up.</Typography.Paragraph>}
      {view && view.runs.length > 0 && <FeedRuns runs={view.runs} />}
    </Panel>
  );
}

function FeedSummary({ view, team }: { view: TeamFeedView; team: Team }) {
  const feed = view.feed!;
  const to = team.members.filter((m) => feed.email_to.includes(m.user_id)).map(fullName);
  return (
    <div className="team-feed-summary" data-testid="team-feed-summary">
      <Space wrap>
        <Tag color={feed.enabled ? "green" : "default"}>{feed.enabled ? "On" : "Paused"}</Tag>
        <span>
          {feed.format.toUpperCase()} of {feed.searches.map((s) => `“${s.name}”`).join(", ") || "no quick searches"}
          {to.length > 0 && `, mailed to ${to.join(", ")}`}
          {feed.webhook_id !== null && ", posted to a webhook"}
        </span>
      </Space>
      <Typography.Paragraph type="secondary">
        Set up by {feed.owner.name} from their quick searches.{feed.covered_until && ` Covered up to ${formatIstMoment(feed.covered_until)}.`}
      </Typography.Paragraph>
    </div>
  );
}

function FeedForm({ team, view, onSaved }: { team: Team; view: TeamFeedView; onSaved: () => void }) {
  const write = useTeamWrite();
  const { webhooks } = useWebhooks();
  const { query: mine } = useCustom<{ results: SavedSearch[] }>({ url: "saved-search/", method: "get", ...quiet });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const feed = view.feed;
  const initial: TeamFeedInput = feed
    ? { saved_search_ids: feed.saved_search_ids, format: feed.format, email_to: feed.email_to, webhook_id: feed.webhook_id, enabled: feed.enabled }
    : { saved_search_ids: [], format: "csv", email_to: [], webhook_id: null, enabled: true };

  async function run(action: () => Promise<unknown>, done: string) {
    setRefusal(null);
    setBusy(true);
    try {
      await action();
      toastSuccess(done);
      onSaved();
    } catch (e) {
      setRefusal(writeError(e));
    } finally {
      setBusy(false);
    }
  }
  const send = async () => {
    setBusy(true);
    try {
      const r = await write<{ status: string; rows: number; emailed: number; posted: boolean; error: string | null }>("post", `${FEED_URL}send/`);
      if (r.status === "failed") toastError(r.error ?? "The feed could not be sent.");
      else toastSuccess(r.rows ? `Sent ${countOf(r.rows, "new item")}.` : "Nothing new since the last feed.");
      onSaved();
    } catch (e) {
      toastError(writeError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<TeamFeedInput> layout="vertical" initialValues={initial} onFinish={(v) => void run(() => write("put", FEED_URL, { ...v, webhook_id: v.webhook_id ?? null }), "Daily feed saved.")}>
      <Form.Item name="saved_search_ids" label="Your quick searches" rules={[{ required: true, message: "Choose at least one quick search" }]}>
        <Select mode="multiple" loading={mine.isLoading} options={(mine.data?.data.results ?? []).map((s) => ({ value: s.id, label: s.name }))} placeholder="Choose quick searches" />
      </Form.Item>
      <Form.Item name="format" label="File">
        <Radio.Group options={[{ value: "csv", label: "CSV" }, { value: "xlsx", label: "Excel (XLSX)" }]} />
      </Form.Item>
      <Form.Item name="email_to" label="Mail it to">
        <Checkbox.Group options={team.members.map((m) => ({ value: m.user_id, label: fullName(m) }))} />
      </Form.Item>
      <Form.Item name="webhook_id" label="Post it to a webhook">
        <Select allowClear placeholder="No webhook" options={webhooks.map((w) => ({ value: w.id, label: w.url }))} />
      </Form.Item>
      <Form.Item name="enabled" label="Send every morning" valuePropName="checked">
        <Switch />
      </Form.Item>
      {refusal && <Alert type="error" showIcon message={refusal} role="alert" style={{ marginBottom: 12 }} />}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={busy}>
          Save feed
        </Button>
        {feed && (
          <Button onClick={() => void send()} loading={busy}>
            Send now
          </Button>
        )}
        {feed && (
          <Popconfirm title="Stop the daily feed?" okText="Stop" onConfirm={() => run(() => write("delete", FEED_URL), "Daily feed stopped.")}>
            <Button danger>Stop feed</Button>
          </Popconfirm>
        )}
      </Space>
    </Form>
  );
}

const STATUS: Record<TeamFeedRun["status"], { color: string; label: string }> = {
  sent: { color: "green", label: "Sent" },
  empty: { color: "default", label: "Nothing new" },
  failed: { color: "red", label: "Failed" },
};

function FeedRuns({ runs }: { runs: TeamFeedRun[] }) {
  return (
    <section aria-label="Recent feeds" className="team-feed-runs">
      <Typography.Title level={5}>Recent feeds</Typography.Title>
      <ul className="team-list">
        {runs.map((r) => (
          <li key={r.id} className="team-row">
            <div className="team-row-who">
              <Tag color={STATUS[r.status].color}>{STATUS[r.status].label}</Tag> {formatIstMoment(r.started_at)}
              {r.manual && <Typography.Text type="secondary"> · sent by hand</Typography.Text>}
              <div className="team-row-sub">
                {countOf(r.rows, "item")}
                {r.emailed > 0 && ` · mailed to ${countOf(r.emailed, "member")}`}
                {r.posted && " · posted to the webhook"}
                {r.error && ` · ${r.error}`}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
