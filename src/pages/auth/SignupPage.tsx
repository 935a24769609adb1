import { useRegister, type HttpError } from "@refinedev/core";
import { Suspense } from "react";
import { Link, useSearchParams } from "react-router";
import type { SignupRequest } from "../../../common/api";
import { safeRedirect } from "../../lib/redirect";
import { AuthShell } from "./AuthShell";
import { PasswordField, SubmitButton, TextField } from "./form/fields";
import { useAuthForm, type Rules } from "./form/useAuthForm";
import { SocialSignInLazy } from "./socialLazy";

type SignupForm = Required<SignupRequest>;

const EMPTY: SignupForm = { first_name: "", last_name: "", email: "", phone: "", company: "", designation: "", password: "" };
const RULES: Rules<SignupForm> = {
  first_name: [{ required: true, message: "Enter your first name" }],
  email: [
    { required: true, message: "Enter your e-mail" },
    { email: true, message: "Enter a valid e-mail address" },
  ],
  password: [
    { required: true, message: "Choose a password" },
    { min: 8, message: "Use at least 8 characters" },
  ],
};

export default function SignupPage() {
  const [params] = useSearchParams();
  // Refine's register: the authProvider signs up and signs in, then a new user (no preferred
  // statuses yet) opens onboarding, where the gating starts. A refusal's message is the toast;
  // the fields the server names (an e-mail already registered) also show it under them.
  const { mutate: register, isPending, data: answer } = useRegister<SignupRequest>();
  const busy = isPending || answer?.success === true; // a refusal frees the button (see LoginPage)
  const { field, onSubmit, showErrors, formRef } = useAuthForm(EMPTY, RULES);

  const signUp = (values: SignupForm) =>
    register({ ...values, email: values.email.trim() }, { onSuccess: ({ success, error }) => success || showErrors((error as HttpError | undefined)?.errors as Record<string, string[]> | undefined) });

  return (
    <AuthShell title="Create your account" subtitle="Tell us about you and your company. We will set up your subscription.">
      <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit(signUp, busy)}>
        <div className="auth-form-row">
          <TextField label="First name" {...field("first_name")} autoComplete="given-name" />
          <TextField label="Last name" optional {...field("last_name")} autoComplete="family-name" />
        </div>
        <TextField label="E-mail" {...field("email")} type="email" autoComplete="email" />
        <TextField label="Phone" optional {...field("phone")} type="tel" autoComplete="tel" />
        <div className="auth-form-row">
          <TextField label="Company" optional {...field("company")} autoComplete="organization" />
          <TextField label="Designation" optional {...field("designation")} autoComplete="organization-title" />
        </div>
        <PasswordField label="Password" {...field("password")} autoComplete="new-password" />
        <SubmitButton busy={busy}>Signup</SubmitButton>
      </form>
      <Suspense fallback={null}>
        <SocialSignInLazy redirectTo={safeRedirect(params.get("redirect"))} />
      </Suspense>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </AuthShell>
  );
}
