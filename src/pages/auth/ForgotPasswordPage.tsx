// /forgot-password asks for the e-mail and mails a reset link; the link comes back here as
// /forgot-password?token=<t>, which shows the 'choose a new password' form instead.
import { Alert, Button, Form, Input } from "antd";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toastError, toastSuccess } from "../../lib/toast";
import { usePost } from "../../hooks/usePost";
import { AuthShell } from "./AuthShell";

export const RESET_LINK_SENT_FALLBACK = "If an account exists for that e-mail, we have sent a link to reset its password.";
export const PASSWORD_CHANGED_FALLBACK = "Your password has been reset. You can now log in.";

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function RequestLinkForm() {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const post = usePost<{ detail?: string } | null>({ toast: false });

  const onFinish = async ({ email }: { email: string }) => {
    setBusy(true);
    try {
      const response = await post("forgot-password/", { email: email.trim() });
      setSent(response?.detail || RESET_LINK_SENT_FALLBACK);
    } catch (error) {
      toastError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title="Forgot password" subtitle="Enter the e-mail of your account and we will send you a link to choose a new password.">
      {sent ? (
        <Alert type="success" showIcon message="Check your e-mail" description={sent} />
      ) : (
        <Form layout="vertical" onFinish={onFinish} requiredMark={false} size="large">
          <Form.Item
            label="E-mail"
            name="email"
            rules={[
              { required: true, message: "Enter your e-mail" },
              { type: "email", message: "Enter a valid e-mail address" },
            ]}
          >
            <Input type="email" autoComplete="email" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            Send reset link
          </Button>
        </Form>
      )}
      <p className="auth-switch">
        Remembered it? <Link to="/login">Back to sign in</Link>
      </p>
    </AuthShell>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const post = usePost<{ detail?: string } | null>({ toast: false });

  const onFinish = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      const response = await post("reset-password/", { token, password });
      toastSuccess(response?.detail || PASSWORD_CHANGED_FALLBACK);
      navigate("/login", { replace: true });
    } catch (error) {
      toastError(errorText(error));
      setBusy(false);
    }
  };

  return (
    <AuthShell title="Choose a new password" subtitle="Pick a password you do not use elsewhere.">
      <Form layout="vertical" onFinish={onFinish} requiredMark={false} size="large">
        <Form.Item
          label="New password"
          name="password"
          rules={[
            { required: true, message: "Choose a password" },
            { min: 8, message: "Use at least 8 characters" },
          ]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirm"
          dependencies={["password"]}
          rules={[
            { required: true, message: "Type the password again" },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue("password") === value ? Promise.resolve() : Promise.reject(new Error("The passwords do not match")),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Set new password
        </Button>
      </Form>
      <p className="auth-switch">
        <Link to="/forgot-password">Send a new link</Link>
      </p>
    </AuthShell>
  );
}

export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return token ? <NewPasswordForm token={token} /> : <RequestLinkForm />;
}
