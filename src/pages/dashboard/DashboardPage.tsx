// The dashboard: the account at a glance from the user's own data (credits, subscription,
// preferences); project statistics join it with the dashboard endpoints.
import { Card, Col, Row, Statistic, Tag, Typography } from "antd";
import { Link } from "react-router";
import { EmptyState, PageShell } from "../../components/page/PageShell";
import { useSignedInSession } from "../../hooks/useSession";
import { displayCredits, formatDate } from "../../lib/format";
import { DEFAULT_DASHBOARD_DAYS } from "../../../common/constants";

export default function DashboardPage() {
  const session = useSignedInSession();
  const user = session?.user;
  return (
    <PageShell title="Dashboard" subtitle={user ? `Welcome back, ${user.first_name || "User"}` : undefined}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic title="Credits remaining" value={displayCredits(user?.remaining_credits)} suffix={`/ ${user?.total_credits ?? 0}`} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic title="Subscription valid until" value={formatDate(user?.end_date)} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Statuses you follow" size="small">
            {user?.preferred_proj_status?.length ? (
              user.preferred_proj_status.map((s) => <Tag key={s}>{s}</Tag>)
            ) : (
              <Typography.Text type="secondary">None chosen</Typography.Text>
            )}
            <div style={{ marginTop: 8 }}>
              <Link to="/profile">Change preferences</Link>
            </div>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={`Projects in the last ${DEFAULT_DASHBOARD_DAYS} days`}>
            <EmptyState
              title="Project statistics will show here"
              text="New projects, shortlisted leads and their status updates, and how your competitors compare."
            />
          </Card>
        </Col>
      </Row>
    </PageShell>
  );
}
