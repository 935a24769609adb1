import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { useLogin } from "@refinedev/core";
import { Suspense } from "react";
import { Link, useSearchParams } from "react-router";
import type { LoginRequest } from "../../../common/api";
import { safeRedirect } from "../../lib/redirect";
import type { LoginParams } from "../../providers/authProvider";
import { AuthShell } from "./AuthShell";
import { PasswordField, SubmitButton, TextField } from "./form/fields";
import { useAuthForm } from "./form/useAuthForm";
import { SocialSignInLazy } from "./socialLazy";

export default function LoginPage() {
  const [params] = useSearchParams();
  // Refine's login: the authProvider signs in and answers where to go; a failure's message is
  // the toast (through the notification provider), as the server or the catalogue words it.
  const { mutate: login, isPending, data: answer } = useLogin<LoginParams>();
  // Busy while signing in, and once signed in until the next page opens; a refusal (the mutation
  // succeeds with success: false) frees the button for another try.
  const busy = isPending || answer?.success === true;
  const { field, onSubmit, formRef } = useAuthForm<LoginRequest>(
    { username: "", password: "" },
    { username: [{ required: true, message: "Enter your username or e-mail" }], password: [{ required: true, message: "Enter your password" }] },
  );

  const signIn = (values: LoginRequest) => login({ username: values.username.trim(), password: values.password, redirect: params.get("redirect") });

  return (
    <AuthShell title="Sign in" subtitle="Welcome back. Sign in to see your leads.">
      <form ref={formRef} className="auth-form auth-large" noValidate onSubmit={onSubmit(signIn, busy)}>
        <TextField label="Username or e-mail" {...field("username")} prefix={<UserOutlined />} autoComplete="username" autoFocus />
        <PasswordField label="Password" {...field("password")} prefix={<LockOutlined />} autoComplete="current-password" />
        <div className="auth-forgot">
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <SubmitButton busy={busy}>Login</SubmitButton>
      </form>
      <Suspense fallback={null}>
        <SocialSignInLazy redirectTo={safeRedirect(params.get("redirect"))} />
      </Suspense>
      <p className="auth-switch">
        New to InfraScout? <Link to="/signup">Create an account</Link>
      </p>
    </AuthShell>
  );
}
