// First step after signup: choose the project statuses to follow. Saving them (PATCH
// user-info) lets the gating move on to the next check.
import { useGetIdentity } from "@refinedev/core";
import { Button, Form, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import { PageTitle } from "../../components/page/PageTitle";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { PROJECT_STATUSES } from "../../../common/constants";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useRefreshIdentity } from "../../hooks/useRefreshIdentity";
import { safeRedirect } from "../../lib/redirect";
import type { Identity } from "../../providers/session";
import { useProfileUpdate } from "../profile/useProfileUpdate";
import { StatusPicker } from "./StatusPicker";

export default function OnboardingPage() {
  useDocumentTitle("Welcome");
  const { data: identity } = useGetIdentity<Identity | null>();
  const refreshIdentity = useRefreshIdentity();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [saving, setSaving] = useState(false);
  const updateProfile = useProfileUpdate();
  const options = identity?.preferences.options?.statuses?.length ? identity.preferences.options.statuses : [...PROJECT_STATUSES];

  const save = async ({ preferred_proj_status }: { preferred_proj_status: string[] }) => {
    setSaving(true);
    try {
      await updateProfile({ preferred_proj_status });
      await refreshIdentity();
      navigate(safeRedirect(params.get("redirect")), { replace: true });
    } catch {
      // The HTTP layer has shown the error.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="onboarding">
      <Panel>
        <PageTitle className="onboarding-title">Welcome{identity?.first_name ? `, ${identity.first_name}` : ""}!</PageTitle>
        <Typography.Paragraph type="secondary">
          Which project stages matter to your business? We use them to fill your feed and your e-mail alerts. You can change
          them later in your profile.
        </Typography.Paragraph>
        <Form
          layout="vertical"
          onFinish={save}
          initialValues={{ preferred_proj_status: identity?.preferred_proj_status ?? [] }}
          requiredMark={false}
        >
          <Form.Item
            name="preferred_proj_status"
            label="Project statuses to follow"
            rules={[{ required: true, type: "array", min: 1, message: "Choose at least one project status" }]}
          >
            <StatusPicker options={options} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} block size="large">
            Continue
          </Button>
        </Form>
      </Panel>
    </div>
  );
}
