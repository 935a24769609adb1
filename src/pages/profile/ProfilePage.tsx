// The user's profile and lead preferences; saved with PATCH user-info ('Updated Profile').
import { Button, Card, Col, Descriptions, Form, Input, Row, Select } from "antd";
import { useState } from "react";
import type { UserInfo } from "../../../common/api";
import { PROJECT_STATUSES } from "../../../common/constants";
import { PageShell } from "../../components/page/PageShell";
import { useRefreshSession, useSignedInSession } from "../../hooks/useSession";
import { displayCredits, formatDate } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { http, HttpError } from "../../providers/http";

export const PROFILE_UPDATED_MESSAGE = "Updated Profile";

type ProfileForm = Pick<
  UserInfo,
  "first_name" | "last_name" | "phone" | "company" | "designation" | "preferred_proj_status" | "preferred_sectors" | "preferred_states"
>;

const asOptions = (values: readonly string[] | undefined) => (values ?? []).map((v) => ({ value: v, label: v }));

export default function ProfilePage() {
  const session = useSignedInSession();
  const refreshSession = useRefreshSession();
  const [form] = Form.useForm<ProfileForm>();
  const [saving, setSaving] = useState(false);
  if (!session) return null;
  const { user, preferences } = session;
  const options = preferences.options ?? { statuses: [], sectors: [], states: [] };

  const save = async (values: ProfileForm) => {
    setSaving(true);
    try {
      await http.patch<UserInfo>("user-info/", values);
      toastSuccess(PROFILE_UPDATED_MESSAGE);
      await refreshSession();
    } catch (error) {
      if (error instanceof HttpError && error.errors) {
        form.setFields(Object.entries(error.errors).map(([name, errors]) => ({ name: name as keyof ProfileForm, errors })));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageShell title="Profile" subtitle={user.email}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="Your details">
            <Form<ProfileForm> form={form} layout="vertical" initialValues={user} onFinish={save}>
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item name="first_name" label="First name" rules={[{ required: true, message: "Enter your first name" }]}>
                    <Input autoComplete="given-name" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="last_name" label="Last name">
                    <Input autoComplete="family-name" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="phone" label="Phone">
                    <Input autoComplete="tel" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="company" label="Company">
                    <Input autoComplete="organization" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="designation" label="Designation">
                    <Input autoComplete="organization-title" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                name="preferred_proj_status"
                label="Project statuses to follow"
                rules={[{ required: true, type: "array", min: 1, message: "Choose at least one project status" }]}
              >
                <Select mode="multiple" options={asOptions(options.statuses?.length ? options.statuses : PROJECT_STATUSES)} />
              </Form.Item>
              <Form.Item name="preferred_sectors" label="Sectors">
                <Select mode="multiple" options={asOptions(options.sectors)} />
              </Form.Item>
              <Form.Item name="preferred_states" label="States">
                <Select mode="multiple" options={asOptions(options.states)} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving}>
                Save
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Subscription">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="E-mail">{user.email}</Descriptions.Item>
              <Descriptions.Item label="Valid until">{formatDate(user.end_date)}</Descriptions.Item>
              <Descriptions.Item label="Credits">{`${displayCredits(user.remaining_credits)} of ${user.total_credits} remaining`}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </PageShell>
  );
}
