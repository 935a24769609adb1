import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { useLogin } from "@refinedev/core";
import { Button, Flex, Form, Input } from "antd";
import { Suspense } from "react";
import { Link, useSearchParams } from "react-router";
import type { LoginRequest } from "../../../common/api";
import { safeRedirect } from "../../lib/redirect";
import type { LoginParams } from "../../providers/authProvider";
import { AuthShell } from "./AuthShell";
import { SocialSignInLazy } from "./socialLazy";

export default function LoginPage() {
  const [params] = useSearchParams();
  // Refine's login: the authProvider signs in and answers where to go; a failure's message is
  // the toast (through the notification provider), as the server or the catalogue words it.
  const { mutate: login, isPending, isSuccess } = useLogin<LoginParams>();

  const onFinish = (values: LoginRequest) => login({ username: values.username.trim(), password: values.password, redirect: params.get("redirect") });

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
        <Button type="primary" htmlType="submit" block loading={isPending || isSuccess}>
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
