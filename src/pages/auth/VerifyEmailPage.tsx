// /verify-email?token=<t>: the link of the verification mail (issue 13). Opening it spends the
// one-time token (POST /api/verify-email/) and says whether the address is now verified. Public:
// it works signed in or out, in whichever browser the mail was opened.
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { usePost } from "../../hooks/usePost";
import type { HttpError } from "@refinedev/core";
import { AuthNotice } from "./AuthNotice";
import { AuthShell } from "./AuthShell";

export const VERIFIED_FALLBACK = "Your e-mail address is verified.";
export const NO_TOKEN = "This verification link is incomplete. Open the link from the mail again, or ask for a new one on your profile page.";

type State = { status: "working" } | { status: "done"; message: string } | { status: "failed"; message: string };

/** The API's message for a refused link ({token: [message]} or {detail}). */
function refusal(error: unknown): string {
  // The link is the only field here: its message reads better without the 'token:' prefix.
  const own = [(error as Partial<HttpError> | undefined)?.errors?.token].flat()[0];
  return typeof own === "string" ? own : error instanceof Error ? error.message : String(error);
}

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [state, setState] = useState<State>(token ? { status: "working" } : { status: "failed", message: NO_TOKEN });
  // The token is single-use: send it once, even when React runs the effect twice.
  const sent = useRef(false);
  const post = usePost<{ detail?: string } | null>({ toast: false });

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    post("verify-email/", { token })
      .then((r) => setState({ status: "done", message: r?.detail || VERIFIED_FALLBACK }))
      .catch((error) => setState({ status: "failed", message: refusal(error) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sent once per token (the ref above)
  }, [token]);

  return (
    <AuthShell title="Verify your e-mail address">
      {state.status === "working" && <div className="spinner-ring" role="progressbar" aria-label="Verifying" />}
      {state.status === "done" && <AuthNotice kind="success" title={state.message} />}
      {state.status === "failed" && (
        <AuthNotice kind="error" title="Not verified">
          {state.message}
        </AuthNotice>
      )}
      <p className="auth-switch">
        <Link to="/dashboard">Go to InfraScout</Link>
      </p>
    </AuthShell>
  );
}
