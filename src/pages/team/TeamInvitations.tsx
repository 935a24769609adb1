// Admins only: invite by e-mail (a one-time link, valid 7 days, mailed by the server) and the
// pending invitations, each withdrawable. A full team is told so by the server (409) under the form.
import { Button, Form, Input, Popconfirm, Select, Tag, Typography } from "antd";
import { useState } from "react";
import { Panel } from "../../components/page/Panel";
import { formatDate } from "../../lib/format";
import { toastError, toastSuccess } from "../../lib/toast";
import { ROLE_LABELS } from "./TeamMembers";
import { useInvitations, useTeamWrite, writeError, type InviteRole, type Team } from "./teamApi";

interface Values {
  email: string;
  role: InviteRole;
}

export function TeamInvitations({ team, onChange }: { team: Team; onChange: () => void }) {
  const [form] = Form.useForm<Values>();
  const write = useTeamWrite();
  const { invitations, reload } = useInvitations(true);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const full = team.seats.used >= team.seats.bought;

  const changed = () => {
    void reload();
    onChange();
  };

  async function invite(v: Values) {
    setSending(true);
    setRefusal(null);
    try {
      await write("post", "team/invitations/", { email: v.email.trim(), role: v.role });
      toastSuccess(`Invitation sent to ${v.email.trim()}.`);
      form.resetFields();
      changed();
    } catch (error) {
      setRefusal(writeError(error));
    } finally {
      setSending(false);
    }
  }

  async function withdraw(id: number, email: string) {
    try {
      await write("delete", `team/invitations/${id}/`);
      toastSuccess(`The invitation to ${email} was withdrawn.`);
      changed();
    } catch (error) {
      toastError(writeError(error));
    }
  }

  return (
    <Panel title="Invite a teammate">
      {full && <Typography.Paragraph type="warning">Every seat is in use: remove a member, withdraw an invitation or add seats to invite.</Typography.Paragraph>}
      <Form<Values> form={form} layout="vertical" className="team-invite" initialValues={{ role: "member" }} onFinish={(v) => void invite(v)}>
        <Form.Item name="email" label="E-mail" rules={[{ required: true, message: "Enter an e-mail address" }, { type: "email", message: "Enter a valid e-mail address" }]}>
          <Input type="email" autoComplete="off" placeholder="name@company.in" />
        </Form.Item>
        <Form.Item name="role" label="Role">
          <Select<InviteRole> options={[{ value: "member", label: "Member" }, { value: "admin", label: "Admin" }]} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending}>
          Send invitation
        </Button>
        {refusal && (
          <Typography.Paragraph type="danger" role="alert" className="team-refusal">
            {refusal}
          </Typography.Paragraph>
        )}
      </Form>
      <Typography.Title level={5}>Pending invitations</Typography.Title>
      {invitations.length === 0 ? (
        <Typography.Text type="secondary">No pending invitations.</Typography.Text>
      ) : (
        <ul className="team-list" aria-label="Pending invitations">
          {invitations.map((i) => (
            <li key={i.id} className="team-row" data-invitation={i.email}>
              <div className="team-row-who">
                <Typography.Text strong>{i.email}</Typography.Text>
                <div className="team-row-sub">expires {formatDate(i.expires_at)}{i.invited_by_name ? ` · invited by ${i.invited_by_name}` : ""}</div>
              </div>
              <div className="team-row-actions">
                <Tag>{ROLE_LABELS[i.role]}</Tag>
                <Popconfirm title={`Withdraw the invitation to ${i.email}? Its link stops working.`} okText="Withdraw" onConfirm={() => withdraw(i.id, i.email)}>
                  <Button size="small" aria-label={`Withdraw the invitation to ${i.email}`}>
                    Withdraw
                  </Button>
                </Popconfirm>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
