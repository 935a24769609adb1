// /team/join?token=<t>: the invitation mail's link (issue 20). Signed in, one button joins the
// team; signed out, a first name and a password create the account (the invitation's address),
// join, and sign in. Public: it works in whichever browser the mail was opened.
import { useLogin } from "@refinedev/core";
import { Button, Form, Input, Typography } from "antd";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useIdentityState } from "../../components/auth/guards";
import type { LoginParams } from "../../providers/authProvider";
import { AuthNotice } from "../auth/AuthNotice";
import { AuthShell } from "../auth/AuthShell";
import { useTeamWrite, writeError, type TeamRole } from "./teamApi";
import { PasswordInput } from "../../components/form/PasswordInput";

export const NO_INVITATION_TOKEN = "This invitation link is incomplete. Open the link from the mail again, or ask your team's admin for a new one.";

interface Joined {
  team_name: string;
  role: TeamRole;
  email: string;
}

export default function JoinTeamPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const identity = useIdentityState();
  const write = useTeamWrite();
  const { mutate: login } = useLogin<LoginParams>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function join(values: { first_name?: string; password?: string } = {}) {
    setBusy(true);
    setRefusal(null);
    try {
      const joined = await write<Joined>("post", "team/join/", { token, ...values });
      // A new account signs in with what it just chose; a signed-in user reloads with the team's subscription.
      if (values.password) login({ username: joined.email, password: values.password, redirect: "/team" });
      else window.location.assign("/team");
    } catch (error) {
      setRefusal(writeError(error));
      setBusy(false);
    }
  }

  return (
    <AuthShell title="Join your team" subtitle="Your team's subscription covers you as soon as you join.">
      {!token && <AuthNotice kind="error" title="No invitation">{NO_INVITATION_TOKEN}</AuthNotice>}
      {token && identity.status === "signed-in" && (
        <>
          <Typography.Paragraph>
            You are signed in as <strong>{identity.user.email}</strong>.
          </Typography.Paragraph>
          <Button type="primary" block loading={busy} onClick={() => void join()}>
            Join the team
          </Button>
        </>
      )}
      {token && identity.status === "signed-out" && (
        <Form layout="vertical" onFinish={(v: { first_name: string; password: string }) => void join({ first_name: v.first_name.trim(), password: v.password })}>
          <Form.Item name="first_name" label="First name" rules={[{ required: true, whitespace: true, message: "Enter your first name" }]}>
            <Input autoComplete="given-name" maxLength={80} />
          </Form.Item>
          <Form.Item name="password" label="Password" rules={[{ required: true, message: "Choose a password" }, { min: 8, message: "At least 8 characters" }]}>
            <PasswordInput autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            Create account and join
          </Button>
          <p className="auth-switch">
            Already have an account? <Link to={`/login?redirect=${encodeURIComponent(`/team/join?token=${encodeURIComponent(token)}`)}`}>Sign in</Link>, then open the link again.
          </p>
        </Form>
      )}
      {refusal && (
        <AuthNotice kind="error" title="Not joined">
          {refusal}
        </AuthNotice>
      )}
    </AuthShell>
  );
}
