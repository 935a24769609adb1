import { Button, Col, Form, Input, Row } from "antd";
import { Suspense, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { SignupRequest } from "../../../common/api";
import { toastError } from "../../lib/toast";
import { signUp } from "../../providers/authProvider";
import { HttpError } from "../../providers/http";
import { safeRedirect } from "../../lib/redirect";
import { AuthShell } from "./AuthShell";
import { SocialSignInLazy } from "./socialLazy";
import { useFinishSignIn } from "./useFinishSignIn";

type SignupForm = Required<SignupRequest>;

export default function SignupPage() {
  const [form] = Form.useForm<SignupForm>();
  const finish = useFinishSignIn();
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();

  const onFinish = async (values: SignupForm) => {
    setBusy(true);
    try {
      await signUp({ ...values, email: values.email.trim() });
      // A new user has no preferred statuses yet: the gating starts at onboarding.
      await finish("/onboarding");
    } catch (error) {
      if (error instanceof HttpError && error.errors) {
        form.setFields(
          Object.entries(error.errors)
            .filter(([name]) => name in values)
            .map(([name, errors]) => ({ name: name as keyof SignupForm, errors })),
        );
      }
      toastError(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  return (
    <AuthShell title="Create your account" subtitle="Tell us about you and your company. We will set up your subscription.">
      <Form<SignupForm> form={form} layout="vertical" onFinish={onFinish} requiredMark="optional">
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label="First name" name="first_name" rules={[{ required: true, message: "Enter your first name" }]}>
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Last name" name="last_name">
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="E-mail"
          name="email"
          rules={[
            { required: true, message: "Enter your e-mail" },
            { type: "email", message: "Enter a valid e-mail address" },
          ]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Phone" name="phone">
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label="Company" name="company">
              <Input autoComplete="organization" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Designation" name="designation">
              <Input autoComplete="organization-title" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="Password"
          name="password"
          rules={[
            { required: true, message: "Choose a password" },
            { min: 8, message: "Use at least 8 characters" },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          Signup
        </Button>
      </Form>
      <Suspense fallback={null}>
        <SocialSignInLazy redirectTo={safeRedirect(params.get("redirect"))} />
      </Suspense>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </AuthShell>
  );
}
