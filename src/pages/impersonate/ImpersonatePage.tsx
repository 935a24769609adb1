// /impersonate/{id}: a staff member starts acting as a subscriber. The server switches the
// session (or answers a new token); the user data is then refetched, as when cancelling.
import { Button, Card, Typography } from "antd";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import type { TokenResponse } from "../../../common/api";
import { IMPERSONATION_REFETCH_DELAY_MS } from "../../../common/constants";
import { PageShell } from "../../components/page/PageShell";
import { useRefreshSession, useSignedInSession } from "../../hooks/useSession";
import { setToken } from "../../lib/token";
import { http } from "../../providers/http";
import { ErrorPage } from "../errors/ErrorPage";

export default function ImpersonatePage() {
  const { id = "" } = useParams();
  const session = useSignedInSession();
  const refreshSession = useRefreshSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  if (session && !session.user.is_staff) {
    return <ErrorPage status={403} title="Staff only" text="Only InfraScout staff can act as another user." action={{ label: "Go to Dashboard", to: "/dashboard" }} />;
  }

  const start = async () => {
    setBusy(true);
    try {
      const response = await http.get<Partial<TokenResponse> | null>(`impersonate/${encodeURIComponent(id)}/`);
      if (response && typeof response.token === "string") setToken(response.token);
      await new Promise((resolve) => setTimeout(resolve, IMPERSONATION_REFETCH_DELAY_MS));
      await refreshSession();
      navigate("/dashboard", { replace: true });
    } catch {
      // The HTTP layer has shown the error.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageShell title="Impersonate User">
      <Card>
        <Typography.Paragraph>
          You are about to see InfraScout as user #{id} sees it. Every action you take is recorded as yours. Use “Cancel
          Impersonation” in the account menu to return to your own account.
        </Typography.Paragraph>
        <Button type="primary" onClick={start} loading={busy}>
          Start impersonating
        </Button>
      </Card>
    </PageShell>
  );
}
