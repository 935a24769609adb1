// The user's profile (PATCH user-info/, success 'Updated Profile'): name, phone, company,
// designation and the lead preferences the feed follows; password change; the subscription's
// end date, the credit ledger and the user's live shared links.
import { useGetIdentity } from "@refinedev/core";
import { Alert, Button, Col, Descriptions, Form, Input, Row } from "antd";
import { Panel } from "../../components/page/Panel";
import type { UserInfo } from "../../../common/api";
import { EmailVerificationNotice } from "../../components/auth/EmailVerificationNotice";
import { PageShell } from "../../components/page/PageShell";
import { displayCredits, formatDate } from "../../lib/format";
import type { Identity } from "../../providers/session";
import { CreditLedger } from "./CreditLedger";
import { PasswordCard } from "./PasswordCard";
import { SharedLinksCard } from "./SharedLinksCard";
import { PreferencesFields, preferenceValues, type PreferenceValues } from "./PreferencesFields";
import { usePreferencesSave } from "./usePreferencesSave";
import "./profile.css";

type ProfileForm = Pick<UserInfo, "first_name" | "last_name" | "phone" | "company" | "designation"> & PreferenceValues;

const daysLeft = (endDate: string | null) => (endDate ? Math.floor((Date.parse(`${endDate}T23:59:59+05:30`) - Date.now()) / 864e5) : null);

export default function ProfilePage() {
  const { data: identity } = useGetIdentity<Identity | null>();
  const [form] = Form.useForm<ProfileForm>();
  const { saving, save: savePreferences } = usePreferencesSave(form);
  if (!identity) return null;
  const { preferences, ...user } = identity;
  const left = daysLeft(user.end_date);

  const save = (values: ProfileForm) => {
    const { first_name, last_name, phone, company, designation } = values;
    return savePreferences(values, { first_name, last_name, phone, company, designation });
  };

  return (
    <PageShell title="Profile" subtitle={user.email}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Form<ProfileForm> form={form} layout="vertical" initialValues={{ ...user, ...preferenceValues(preferences) }} onFinish={save}>
            <Panel title="Your details" className="profile-card">
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item name="first_name" label="First name" rules={[{ required: true, whitespace: true, message: "Enter your first name" }]}>
                    <Input autoComplete="given-name" maxLength={80} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="last_name" label="Last name">
                    <Input autoComplete="family-name" maxLength={80} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="phone" label="Phone">
                    <Input autoComplete="tel" maxLength={20} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="company" label="Company">
                    <Input autoComplete="organization" maxLength={160} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="designation" label="Designation">
                    <Input autoComplete="organization-title" maxLength={120} />
                  </Form.Item>
                </Col>
              </Row>
            </Panel>
            <Panel title="Lead preferences" className="profile-card" extra={<span className="profile-card-hint">Your feed and its alert follow these</span>}>
              <PreferencesFields options={preferences.options} />
            </Panel>
            <Button type="primary" htmlType="submit" loading={saving} className="profile-save">
              Save profile
            </Button>
          </Form>
        </Col>
        <Col xs={24} lg={9}>
          <div className="profile-side">
            <EmailVerificationNotice user={user} />
            <Panel title="Subscription" data-card="subscription">
              {left !== null && left <= 15 && (
                <Alert type={left < 0 ? "error" : "warning"} showIcon className="profile-expiry" message={left < 0 ? "Your subscription has ended." : `Your subscription ends in ${left} day${left === 1 ? "" : "s"}.`} />
              )}
              <Descriptions column={1} size="small">
                <Descriptions.Item label="E-mail">{user.email}</Descriptions.Item>
                <Descriptions.Item label="Valid until">{formatDate(user.end_date)}</Descriptions.Item>
                <Descriptions.Item label="Credits">{`${displayCredits(user.remaining_credits)} of ${user.total_credits} remaining`}</Descriptions.Item>
              </Descriptions>
            </Panel>
            {!user.is_impersonated && <PasswordCard />}
          </div>
        </Col>
        <Col xs={24}>
          <CreditLedger />
        </Col>
        <Col xs={24}>
          <SharedLinksCard />
        </Col>
      </Row>
    </PageShell>
  );
}
