// /impersonate/{id}: a staff member starts acting as a user. Opening the page starts it (the
// users admin links here after a confirmation): impersonate/{id}/ answers a token for the user,
// the staff token is kept aside for Cancel Impersonation, the user's data is loaded and the
// dashboard opens with the impersonation banner. Who may start is the resource's access rule
// (resources: "impersonate"); others get ImpersonateRefused. A refusal by the server (a staff
// account, a disabled or unknown user) stays on this page with the reason.
import { useGetIdentity, useInvalidateAuthStore } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Card, Flex, Spin, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import type { UserInfo } from "../../../common/api";
import { PageShell } from "../../components/page/PageShell";
import { sessionKey } from "../../hooks/useSession";
import { AFTER_START_PATH, startImpersonation } from "../../lib/identityImpersonation";
import { getToken } from "../../lib/token";
import { HttpError } from "../../providers/http";
import { ErrorPage } from "../errors/ErrorPage";

/** The route's refusal: staff only, and never from inside an impersonation. */
export function ImpersonateRefused() {
  const { data: user } = useGetIdentity<UserInfo | null>();
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
  const queryClient = useQueryClient();
  const invalidateAuthStore = useInvalidateAuthStore();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  const validId = /^\d+$/.test(id);

  useEffect(() => {
    if (!validId || started.current === id) return;
    started.current = id; // once per id, also under StrictMode's double effects
    startImpersonation(id)
      .then(async (next) => {
        queryClient.setQueryData(sessionKey(getToken()), next);
        await invalidateAuthStore();
        navigate(AFTER_START_PATH, { replace: true });
      })
      .catch((error: unknown) => {
        const detail = error instanceof HttpError ? error.message : error instanceof Error ? error.message : String(error);
        setFailure(detail);
      });
  }, [validId, id, queryClient, invalidateAuthStore, navigate]);

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
      <Card>
        <Flex align="center" gap={16}>
          <Spin />
          <Typography.Text>Switching to user #{id}… Every action you take is recorded with your name as well.</Typography.Text>
        </Flex>
      </Card>
    </PageShell>
  );
}
