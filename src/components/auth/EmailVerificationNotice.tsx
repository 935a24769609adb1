// 'Your e-mail address is not verified' with a button that mails a new link (POST
// verify-email/resend/, rate limited by the server). Shown on the profile page and on the
// 'signup recorded' page, where a new signup lands; not while staff act as the user.
import { Alert, Button } from "antd";
import { useState } from "react";
import type { UserInfo } from "../../../common/api";
import { toastSuccess } from "../../lib/toast";
import { usePost } from "../../hooks/usePost";

export const NOT_VERIFIED = "Your e-mail address is not verified.";
export const SEND_LINK = "Send verification link";

export function EmailVerificationNotice({ user }: { user: Pick<UserInfo, "email" | "email_verified" | "is_impersonated"> }) {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const post = usePost<{ detail: string }>();
  if (user.email_verified !== false || user.is_impersonated) return null;

  const send = async () => {
    setBusy(true);
    try {
      const r = await post("verify-email/resend/");
      toastSuccess(r.detail);
      setSent(true);
    } catch {
      // the HTTP layer has shown why (e.g. too many requests)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      type="warning"
      showIcon
      className="email-verification-notice"
      message={NOT_VERIFIED}
      description={sent ? `Open the link we mailed to ${user.email}.` : `Confirm that ${user.email} is yours: we mail it a link to open.`}
      action={
        <Button size="small" loading={busy} onClick={() => void send()}>
          {SEND_LINK}
        </Button>
      }
    />
  );
}
