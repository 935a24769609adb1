import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { Button, Flex, Form, Input } from "antd";
import { Suspense, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { LoginRequest } from "../../../common/api";
import { safeRedirect } from "../../lib/redirect";
import { toastError } from "../../lib/toast";
import { signIn } from "../../providers/authProvider";
import { AuthShell } from "./AuthShell";
import { SocialSignInLazy } from "./socialLazy";
import { useFinishSignIn } from "./useFinishSignIn";

export default function LoginPage() {
  const [params] = useSearchParams();
  const finish = useFinishSignIn();
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: LoginRequest) => {
    setBusy(true);
    try {
      await signIn({ username: values.username.trim(), password: values.password });
      await finish(safeRedirect(params.get("redirect")));
    } catch (error) {
      // The HTTP layer left this toast to us (sign-in forms own their errors).
      toastError(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  return (
    <AuthShell title="Sign in" subtitle="Welcome back. Sign in to see your leads.">
      <Form<LoginRequest> layout="vertical" onFinish={onFinish} requiredMark={false} size="large">
        <Form.Item label="Username or e-mail" name="username" rules={[{ required: true, message: "Enter your username or e-mail" }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: "Enter your password" }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Link to="/forgot-password">Forgot password?</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Login
        </Button>
      </Form>
      <Suspense fallback={null}>
        <SocialSignInLazy redirectTo={safeRedirect(params.get("redirect"))} />
      </Suspense>
      <p className="auth-switch">
        New to InfraScout? <Link to="/signup">Create an account</Link>
      </p>
    </AuthShell>
  );
}
