// Staff access in the user drawer (issue 13): whether the user's address is verified, whether
// staff powers were granted to it, and Make staff / Revoke staff. Staff powers need both; the
// server refuses a grant to an address off the staff domains and a revocation of oneself.
import { Button, Descriptions, Popconfirm, Tag, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import { isStaffEmail } from "../../../common/constants";
import type { AdminUserDetail } from "./usersApi";

interface Props {
  user: AdminUserDetail;
  isSelf: boolean;
  busy: boolean;
  onGrant: () => void;
  onRevoke: () => void;
}

function staffState(user: AdminUserDetail): string {
  if (user.is_staff) return "Staff: granted and verified.";
  if (user.staff_granted) return "Granted: staff powers start once they verify their e-mail address.";
  return "Not staff.";
}

export function StaffAccessCard({ user, isSelf, busy, onGrant, onRevoke }: Props) {
  // Only staff-domain addresses can be made staff; others see just the verification state.
  const staffDomain = isStaffEmail(user.email);
  return (
    <Panel size="small" title="Staff access" className="staff-access">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="E-mail address">
          {user.email_verified ? <Tag color="green">Verified</Tag> : <Tag color="orange">Not verified</Tag>}
        </Descriptions.Item>
        {(staffDomain || user.staff_granted) && <Descriptions.Item label="Staff">{staffState(user)}</Descriptions.Item>}
      </Descriptions>
      {user.staff_granted ? (
        <Popconfirm
          title="Revoke staff access?"
          description="They lose staff powers at once and their impersonations end."
          okText="Revoke staff"
          okButtonProps={{ danger: true }}
          onConfirm={onRevoke}
          disabled={isSelf}
        >
          <Button danger disabled={isSelf} loading={busy}>
            Revoke staff
          </Button>
        </Popconfirm>
      ) : (
        staffDomain && (
          <Popconfirm
            title={`Make ${user.email} staff?`}
            description="Staff can see every user, impersonate, grant credits and change data. It takes effect once the address is verified."
            okText="Make staff"
            onConfirm={onGrant}
          >
            <Button loading={busy}>Make staff</Button>
          </Popconfirm>
        )
      )}
      {isSelf && user.staff_granted && (
        <Typography.Paragraph type="secondary" style={{ margin: "8px 0 0" }}>
          You cannot revoke your own staff access.
        </Typography.Paragraph>
      )}
    </Panel>
  );
}
