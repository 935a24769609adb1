// /impersonate/{id}: a staff member starts acting as a user. Opening the page starts it (the
// users admin links here after a confirmation): impersonate/{id}/ answers a token for the user,
// the staff token is kept aside for Cancel Impersonation, the user's data is loaded and the
// dashboard opens with the impersonation banner. Who may start is the resource's access rule
// (resources: "impersonate"); others get ImpersonateRefused. A refusal by the server (a staff
// account, a disabled or unknown user) stays on this page with the reason.
import { useGetIdentity, useLogin } from "@refinedev/core";
import { Flex, Spin, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import { useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { PageShell } from "../../components/page/PageShell";
import type { LoginParams } from "../../providers/authProvider";
import type { Identity } from "../../providers/session";
import { ErrorPage } from "../errors/ErrorPage";

/** The route's refusal: staff only, and never from inside an impersonation. */
export function ImpersonateRefused() {
  const { data: user } = useGetIdentity<Identity | null>();
  return (
    <ErrorPage
      status={403}
      title="Staff only"
      text={user?.is_impersonated ? "Cancel the current impersonation before acting as another user." : "Only InfraScout staff can act as another user."}
      action={{ label: "Go to Dashboard", to: "/dashboard" }}
    />
  );
}

export default function ImpersonatePage() {
  const { id = "" } = useParams();
  // Impersonation is a sign-in as the user (authProvider.login), which then opens the dashboard.
  const { mutate: login } = useLogin<LoginParams>();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  const validId = /^\d+$/.test(id);

  useEffect(() => {
    if (!validId || started.current === id) return;
    started.current = id; // once per id, also under StrictMode's double effects
    login({ provider: "impersonation", userId: id }, { onSuccess: ({ success, error }) => !success && setFailure(error?.message ?? "The impersonation could not start.") });
  }, [validId, id, login]);

  if (!validId || failure) {
    return (
      <ErrorPage
        status={403}
        title="Could not impersonate this user"
        text={failure ?? "The link names no user."}
        action={{ label: "Back to Users", to: "/update-projects?tab=users" }}
      />
    );
  }
  return (
    <PageShell title="Impersonate User">
      <Panel>
        <Flex align="center" gap={16}>
          <Spin />
          <Typography.Text>Switching to user #{id}… Every action you take is recorded with your name as well.</Typography.Text>
        </Flex>
      </Panel>
    </PageShell>
  );
}
