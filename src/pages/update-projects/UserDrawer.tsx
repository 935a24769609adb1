// One user, for staff: who they are, their subscription (activate a recorded signup, extend,
// end), credits (grant with a note; the ledger below), access (disable signs them out
// everywhere; enable), Impersonate, and staff access (StaffAccessCard).
import { useGetIdentity } from "@refinedev/core";
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Typography,
} from "antd";
import { DataTable } from "../../components/page/DataTable";
import { Panel } from "../../components/page/Panel";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { canImpersonate, defineAbilityFor } from "../../../common/ability";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { formatDate, formatIndianNumber, formatIst } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import type { Identity } from "../../providers/session";
import { StaffAccessCard } from "./StaffAccessCard";
import {
  MAX_GRANT,
  USER_STATUS_COLORS,
  USER_STATUS_LABELS,
  endedEndDate,
  extendedEndDate,
  fullName,
  useUserActions,
  useUserDetail,
  type AdminUserDetail,
  type LedgerEntry,
  type UserStatus,
} from "./usersApi";

export function StatusTag({ status }: { status: UserStatus }) {
  return <Tag color={USER_STATUS_COLORS[status]}>{USER_STATUS_LABELS[status] ?? status}</Tag>;
}

const LEDGER_KIND: Record<string, string> = { grant: "Granted", unlock: "Unlock", spend: "Spent", refund: "Refund", adjustment: "Adjustment" };

/** Staff compare these across the team: India Standard Time, whatever the browser's zone. */
const dateTime = (value: string | null): string => (value ? formatIst(value) : "Never");

function Ledger({ rows }: { rows: LedgerEntry[] }) {
  return (
    <DataTable<LedgerEntry>
      rowKey="id"
      size="small"
      rows={rows}
      empty="No credit movements yet."
      minWidth={420}
      columns={[
        { title: "When", dataIndex: "created_at", key: "when", render: (v: string) => formatDate(v), width: 110 },
        {
          title: "Credits",
          dataIndex: "delta",
          key: "delta",
          width: 80,
          render: (d: number) => <Typography.Text type={d < 0 ? "danger" : "success"}>{d > 0 ? `+${d}` : d}</Typography.Text>,
        },
        { title: "Kind", dataIndex: "kind", key: "kind", width: 90, render: (k: string) => LEDGER_KIND[k] ?? k },
        {
          title: "Note",
          key: "note",
          render: (_, r) => (
            <>
              {r.note || "—"}
              {r.actor_email && (
                <>
                  <br />
                  <Typography.Text type="secondary">by {r.actor_email}</Typography.Text>
                </>
              )}
            </>
          ),
        },
      ]}
    />
  );
}

function Body({ user, onChanged }: { user: AdminUserDetail; onChanged: (u: AdminUserDetail) => void }) {
  const { data: identity } = useGetIdentity<Identity | null>();
  const navigate = useNavigate();
  const [endDate, setEndDate] = useState<Dayjs | null>(user.end_date ? dayjs(user.end_date) : null);
  const [busy, setBusy] = useState<string | null>(null);
  const [grantForm] = Form.useForm<{ amount: number; note?: string }>();
  const usersApi = useUserActions();
  useEffect(() => setEndDate(user.end_date ? dayjs(user.end_date) : null), [user.end_date]);

  const act = async (key: string, call: () => Promise<AdminUserDetail>, message: string) => {
    setBusy(key);
    try {
      const next = await call();
      onChanged(next);
      toastSuccess(message);
      return true;
    } catch {
      return false; // the HTTP layer has shown why
    } finally {
      setBusy(null);
    }
  };

  const setSubscription = (date: string, message: string) => act("subscription", () => usersApi.setEndDate(user.id, date), message);
  const isSelf = identity?.id === user.id;
  const mayImpersonate = !!identity && user.is_active && canImpersonate(defineAbilityFor(identity), { id: user.id, is_staff: user.is_staff });
  const current = user.status === "active";

  return (
    <Flex vertical gap={16}>
      {!user.is_active && <Alert type="warning" showIcon message="This user is disabled and cannot sign in." />}
      <Descriptions size="small" column={1} className="user-facts">
        <Descriptions.Item label="E-mail">{user.email}</Descriptions.Item>
        <Descriptions.Item label="Username">{user.username || "—"}</Descriptions.Item>
        <Descriptions.Item label="Company">{[user.company, user.designation].filter(Boolean).join(" · ") || "—"}</Descriptions.Item>
        <Descriptions.Item label="Phone">{user.phone || "—"}</Descriptions.Item>
        <Descriptions.Item label="Signed up">
          {formatDate(user.created_at)}
          <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
            via {user.signup_source}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Last sign-in (IST)">{dateTime(user.last_login_at)}</Descriptions.Item>
        <Descriptions.Item label="Last seen (IST)">{dateTime(user.last_seen_at)}</Descriptions.Item>
      </Descriptions>

      <Panel size="small" title="Subscription">
        <Typography.Paragraph>
          {user.end_date ? (
            <>
              {current ? "Runs through " : "Ended on "}
              <strong>{formatDate(user.end_date)}</strong>
            </>
          ) : (
            "Signup recorded: no subscription yet."
          )}
        </Typography.Paragraph>
        <Flex gap={8} wrap>
          <DatePicker
            aria-label="Subscription end date"
            value={endDate}
            onChange={setEndDate}
            format="DD MMM, YYYY"
            allowClear={false}
            disabledDate={(d) => d.year() < 2000 || d.year() > 2999}
            placeholder="End date"
          />
          <Button
            type="primary"
            disabled={!endDate || endDate.format("YYYY-MM-DD") === user.end_date}
            loading={busy === "subscription"}
            onClick={() =>
              endDate && void setSubscription(endDate.format("YYYY-MM-DD"), user.end_date ? "Subscription updated" : "Subscription activated")
            }
          >
            {user.end_date ? "Set end date" : "Activate"}
          </Button>
        </Flex>
        <Flex gap={8} wrap style={{ marginTop: 8 }}>
          {[1, 3, 12].map((months) => (
            <Button
              key={months}
              size="small"
              disabled={!!busy}
              onClick={() => void setSubscription(extendedEndDate(user.end_date, months), user.end_date ? "Subscription extended" : "Subscription activated")}
            >
              {user.end_date ? "Extend" : "Activate"} {months === 12 ? "1 year" : `${months} month${months > 1 ? "s" : ""}`}
            </Button>
          ))}
          {current && (
            <Popconfirm
              title="End this subscription?"
              description="It ends yesterday: the user sees 'User Subscription Expired' at once."
              okText="End subscription"
              okButtonProps={{ danger: true }}
              onConfirm={() => setSubscription(endedEndDate(), "Subscription ended")}
            >
              <Button size="small" danger disabled={!!busy}>
                End subscription
              </Button>
            </Popconfirm>
          )}
        </Flex>
      </Panel>

      <Panel size="small" title={user.team_name ? `Credits: the pool of ${user.team_name}` : "Credits"}>
        {user.team_name && <Typography.Paragraph type="secondary">A grant to this member adds to the team&apos;s pool, which every member spends.</Typography.Paragraph>}
        <Flex gap={24} wrap className="credit-stats">
          <Statistic title="Remaining" value={Math.max(0, user.remaining_credits)} />
          <Statistic title="Total" value={user.total_credits} />
          <Statistic title="Spent" value={user.spent_credits} />
        </Flex>
        <Form
          form={grantForm}
          layout="vertical"
          className="grant-form"
          style={{ marginTop: 16 }}
          requiredMark={false}
          onFinish={async ({ amount, note }) => {
            const ok = await act("grant", () => usersApi.grantCredits(user.id, amount, note), `Granted ${amount} credits`);
            if (ok) grantForm.resetFields();
          }}
        >
          <Flex gap={8} wrap align="flex-end">
            <Form.Item
              label="Credits to grant"
              name="amount"
              rules={[
                { required: true, message: "Enter an amount" },
                { type: "integer", min: 1, max: MAX_GRANT, message: `From 1 to ${formatIndianNumber(MAX_GRANT, 0)}` },
              ]}
              style={{ marginBottom: 0 }}
            >
              <InputNumber min={1} max={MAX_GRANT} precision={0} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item label="Note" name="note" style={{ marginBottom: 0, flex: 1, minWidth: 160 }}>
              <Input maxLength={500} placeholder="Why (shown in the ledger)" />
            </Form.Item>
            <Button htmlType="submit" type="primary" loading={busy === "grant"}>
              Grant credits
            </Button>
          </Flex>
        </Form>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          Credit ledger
        </Typography.Title>
        <Ledger rows={user.credit_ledger} />
      </Panel>

      <Panel size="small" title="Access">
        <Space wrap>
          {user.is_active ? (
            <Popconfirm
              title="Disable this user?"
              description="They are signed out everywhere and cannot sign in until enabled."
              okText="Disable"
              okButtonProps={{ danger: true }}
              onConfirm={() => act("access", () => usersApi.setActive(user.id, false), "User disabled")}
              disabled={isSelf}
            >
              <Button danger disabled={isSelf} loading={busy === "access"}>
                Disable user
              </Button>
            </Popconfirm>
          ) : (
            <Button loading={busy === "access"} onClick={() => void act("access", () => usersApi.setActive(user.id, true), "User enabled")}>
              Enable user
            </Button>
          )}
          {mayImpersonate && (
            <Popconfirm
              title={`Act as ${user.email}?`}
              description="You will see InfraScout as they do. Every action is recorded with your name as well."
              okText="Impersonate"
              onConfirm={() => navigate(`/impersonate/${user.id}`)}
            >
              <Button type="primary" ghost>
                Impersonate
              </Button>
            </Popconfirm>
          )}
        </Space>
        {user.is_staff && (
          <Typography.Paragraph type="secondary" style={{ margin: "8px 0 0" }}>
            Staff accounts cannot be impersonated.
          </Typography.Paragraph>
        )}
      </Panel>

      <StaffAccessCard
        user={user}
        isSelf={isSelf}
        busy={busy === "staff"}
        onGrant={() => void act("staff", () => usersApi.grantStaff(user.id), "Staff access granted")}
        onRevoke={() => void act("staff", () => usersApi.revokeStaff(user.id), "Staff access revoked")}
      />
    </Flex>
  );
}

export function UserDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const narrow = useMediaQuery("(max-width: 640px)");
  const { query: detail } = useUserDetail(userId);
  // Each action answers the user as they now are: shown at once, without asking again.
  const [changed, setChanged] = useState<AdminUserDetail | null>(null);
  const user = changed?.id === userId ? changed : detail.data?.data;
  const onChanged = setChanged;

  return (
    <Drawer
      open={userId !== null}
      onClose={onClose}
      width={narrow ? "100%" : 560}
      destroyOnHidden
      className="user-drawer"
      title={
        user ? (
          <Flex gap={8} align="center" wrap>
            <span>{fullName(user) || user.email}</span>
            <StatusTag status={user.status} />
            {user.is_staff && <Tag color="purple">Staff</Tag>}
          </Flex>
        ) : (
          "User"
        )
      }
    >
      {detail.isError ? (
        <Alert type="error" showIcon message="This user could not be loaded." />
      ) : user && user.id === userId ? (
        <Body user={user} onChanged={onChanged} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
