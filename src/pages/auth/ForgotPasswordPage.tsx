// /forgot-password asks for the e-mail and mails a reset link; the link comes back here as
// /forgot-password?token=<t>, which shows the 'choose a new password' form instead.
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toastError, toastSuccess } from "../../lib/toast";
import { usePost } from "../../hooks/usePost";
import { AuthNotice } from "./AuthNotice";
import { AuthShell } from "./AuthShell";
import { PasswordField, SubmitButton, TextField } from "./form/fields";
import { useAuthForm } from "./form/useAuthForm";

export const RESET_LINK_SENT_FALLBACK = "If an account exists for that e-mail, we have sent a link to reset its password.";
export const PASSWORD_CHANGED_FALLBACK = "Your password has been reset. You can now log in.";

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function RequestLinkForm() {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const post = usePost<{ detail?: string } | null>({ toast: false });
  const { field, onSubmit, formRef } = useAuthForm(
    { email: "" },
    {
      email: [
        { required: true, message: "Enter your e-mail" },
        { email: true, message: "Enter a valid e-mail address" },
      ],
    },
  );

  const sendLink = async ({ email }: { email: string }) => {
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
        <AuthNotice kind="success" title="Check your e-mail">
          {sent}
        </AuthNotice>
      ) : (
        <form ref={formRef} className="auth-form auth-large" noValidate onSubmit={onSubmit((values) => void sendLink(values), busy)}>
          <TextField label="E-mail" {...field("email")} type="email" autoComplete="email" autoFocus />
          <SubmitButton busy={busy}>Send reset link</SubmitButton>
        </form>
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
  const { field, onSubmit, formRef } = useAuthForm(
    { password: "", confirm: "" },
    {
      password: [
        { required: true, message: "Choose a password" },
        { min: 8, message: "Use at least 8 characters" },
      ],
      confirm: [
        { required: true, message: "Type the password again" },
        { sameAs: "password", message: "The passwords do not match" },
      ],
    },
  );

  const setPassword = async ({ password }: { password: string }) => {
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
      <form ref={formRef} className="auth-form auth-large" noValidate onSubmit={onSubmit((values) => void setPassword(values), busy)}>
        <PasswordField label="New password" {...field("password")} autoComplete="new-password" autoFocus />
        <PasswordField label="Confirm new password" {...field("confirm")} autoComplete="new-password" />
        <SubmitButton busy={busy}>Set new password</SubmitButton>
      </form>
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
