// /team: the subscriber's team (issue 20): its name, seats used of bought, the credit pool, the
// members with their roles, and for admins the invitations, the team's settings and its webhooks
// (src/pages/integrations). A subscriber in no team is offered to create one.
import { useGetIdentity } from "@refinedev/core";
import { Alert, Button, Descriptions, Form, Input, InputNumber, Space, Typography } from "antd";
import { lazy, Suspense, useState } from "react";
import { PageShell } from "../../components/page/PageShell";
import { Panel } from "../../components/page/Panel";
import { formatIndianNumber } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import type { Identity } from "../../providers/session";
import { TeamCredits } from "./TeamCredits";
import { TeamInvitations } from "./TeamInvitations";
import { TeamMembers } from "./TeamMembers";
import { isTeamAdmin, useTeam, useTeamWrite, writeError, type Team } from "./teamApi";
import "./team.css";

// The integrations (admins') and the daily feed come after the page has drawn: their forms and
// tables are most of the page's code and most visitors are members reading the team.
const TeamWebhooks = lazy(() => import("../integrations/TeamWebhooks").then((m) => ({ default: m.TeamWebhooks })));
const TeamCrm = lazy(() => import("../integrations/TeamCrm").then((m) => ({ default: m.TeamCrm })));
const TeamFeed = lazy(() => import("./TeamFeed").then((m) => ({ default: m.TeamFeed })));

export default function TeamPage() {
  const { data: identity } = useGetIdentity<Identity | null>();
  const { team, loading, none, error, reload } = useTeam();
  return (
    <PageShell title="Team" subtitle="Your teammates share your subscription.">
      {loading && <Panel loading />}
      {error && <Alert type="error" showIcon message={error.message} />}
      {none && <CreateTeam onCreated={reload} />}
      {team && (
        <div className="team-page">
          <TeamSummary team={team} />
          <TeamMembers team={team} myUserId={identity?.id ?? 0} onChange={reload} />
          <TeamCredits team={team} onChange={reload} />
          {isTeamAdmin(team) && <TeamInvitations team={team} onChange={reload} />}
          {isTeamAdmin(team) && <TeamSettings team={team} onChange={reload} />}
          <Suspense fallback={<Panel loading />}>
            {isTeamAdmin(team) && <TeamWebhooks />}
            {isTeamAdmin(team) && <TeamCrm />}
            <TeamFeed team={team} />
          </Suspense>
        </div>
      )}
    </PageShell>
  );
}

function TeamSummary({ team }: { team: Team }) {
  return (
    <Panel title={team.name}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Seats">
          <span data-testid="team-seats">
            {team.seats.used} of {team.seats.bought} in use
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="Credit pool">
          {formatIndianNumber(team.credits.remaining, 0)} of {formatIndianNumber(team.credits.total, 0)} remaining
        </Descriptions.Item>
      </Descriptions>
    </Panel>
  );
}

function CreateTeam({ onCreated }: { onCreated: () => void }) {
  const write = useTeamWrite();
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = async ({ name }: { name: string }) => {
    setRefusal(null);
    try {
      await write("post", "team/", { name: name.trim() });
      toastSuccess("Your team is ready: invite your teammates.");
      onCreated();
    } catch (e) {
      setRefusal(writeError(e));
    }
  };
  return (
    <Panel title="Create a team">
      <Typography.Paragraph type="secondary">You are not in a team yet. Create one and invite your colleagues: they work under your subscription.</Typography.Paragraph>
      <Form layout="vertical" onFinish={(v) => void create(v)}>
        <Form.Item name="name" label="Team name" rules={[{ required: true, whitespace: true, message: "Give the team a name" }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Create team
        </Button>
        {refusal && <Typography.Paragraph type="danger" role="alert">{refusal}</Typography.Paragraph>}
      </Form>
    </Panel>
  );
}

function TeamSettings({ team, onChange }: { team: Team; onChange: () => void }) {
  const write = useTeamWrite();
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = async (v: { name: string; seats_bought: number }) => {
    setRefusal(null);
    try {
      await write("patch", "team/", { name: v.name.trim(), seats_bought: v.seats_bought });
      toastSuccess("Team saved.");
      onChange();
    } catch (e) {
      setRefusal(writeError(e));
    }
  };
  return (
    <Panel title="Team settings">
      <Form layout="vertical" initialValues={{ name: team.name, seats_bought: team.seats.bought }} onFinish={(v) => void save(v)}>
        <Space wrap align="end">
          <Form.Item name="name" label="Team name" rules={[{ required: true, whitespace: true, message: "Give the team a name" }]}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="seats_bought" label="Seats" rules={[{ required: true, message: "Enter the number of seats" }]}>
            <InputNumber min={Math.max(1, team.seats.used)} max={1000} precision={0} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit">Save</Button>
          </Form.Item>
        </Space>
        {refusal && <Typography.Paragraph type="danger" role="alert">{refusal}</Typography.Paragraph>}
      </Form>
    </Panel>
  );
}
