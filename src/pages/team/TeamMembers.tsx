// The team's members with their roles. Admins change a member's role and remove members; the
// owner's row has neither (the owner stays the owner). Anyone may leave the team from their row.
import { Button, Popconfirm, Select, Tag, Typography } from "antd";
import { useState } from "react";
import { formatDate } from "../../lib/format";
import { toastError, toastSuccess } from "../../lib/toast";
import { Panel } from "../../components/page/Panel";
import { isTeamAdmin, useTeamWrite, writeError, type InviteRole, type Team, type TeamMember } from "./teamApi";

export const ROLE_LABELS: Record<TeamMember["role"], string> = { owner: "Owner", admin: "Admin", member: "Member" };
const ROLE_OPTIONS = [
  { value: "admin", label: "Admin" },
  { value: "member", label: "Member" },
];

const fullName = (m: TeamMember) => [m.first_name, m.last_name].filter(Boolean).join(" ") || m.email;

export function TeamMembers({ team, myUserId, onChange }: { team: Team; myUserId: number; onChange: () => void }) {
  const write = useTeamWrite();
  const [busy, setBusy] = useState<number | null>(null);
  const admin = isTeamAdmin(team);

  async function send(member: TeamMember, action: () => Promise<unknown>, done: string) {
    setBusy(member.id);
    try {
      await action();
      toastSuccess(done);
      onChange();
    } catch (error) {
      toastError(writeError(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Panel title="Members" extra={<span className="team-count">{team.members.length}</span>}>
      <ul className="team-list" aria-label="Team members">
        {team.members.map((m) => {
          const me = m.user_id === myUserId;
          const editable = admin && m.role !== "owner" && !me;
          return (
            <li key={m.id} className="team-row" data-member={m.email}>
              <div className="team-row-who">
                <Typography.Text strong>{fullName(m)}</Typography.Text>
                {me && <Tag>You</Tag>}
                <div className="team-row-sub">
                  {m.email} · joined {formatDate(m.joined_at)}
                </div>
              </div>
              <div className="team-row-actions">
                {editable ? (
                  <Select<InviteRole>
                    aria-label={`Role of ${fullName(m)}`}
                    value={m.role as InviteRole}
                    options={ROLE_OPTIONS}
                    disabled={busy === m.id}
                    onChange={(role) => void send(m, () => write("patch", `team/members/${m.id}/`, { role }), `${fullName(m)} is now ${ROLE_LABELS[role].toLowerCase()}.`)}
                    style={{ minWidth: 110 }}
                  />
                ) : (
                  <Tag color={m.role === "owner" ? "gold" : m.role === "admin" ? "blue" : undefined}>{ROLE_LABELS[m.role]}</Tag>
                )}
                {m.role !== "owner" && (editable || me) && (
                  <Popconfirm
                    title={me ? "Leave the team? Your access ends at once." : `Remove ${fullName(m)}? Their access ends at once.`}
                    okText={me ? "Leave" : "Remove"}
                    onConfirm={() => send(m, () => write("delete", `team/members/${m.id}/`), me ? "You left the team." : `${fullName(m)} was removed.`)}
                  >
                    <Button danger size="small" loading={busy === m.id} aria-label={me ? "Leave the team" : `Remove ${fullName(m)}`}>
                      {me ? "Leave" : "Remove"}
                    </Button>
                  </Popconfirm>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
