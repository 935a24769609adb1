// The page Microsoft's sign-in popup returns to (MICROSOFT_REDIRECT_PATH). MSAL 5 reads the
// answer from this page's URL and hands it to the window that opened the popup, which then
// finishes the sign-in; this window is closed by MSAL.
import { useEffect, useState } from "react";
import { FullPageSpinner } from "../../components/auth/FullPageSpinner";
import { AuthNotice } from "./AuthNotice";

export default function MicrosoftRedirectPage() {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let done = false;
    import("@azure/msal-browser/redirect-bridge")
      .then((m) => m.broadcastResponseToMainFrame())
      .then(() => {
        done = true;
      })
      .catch(() => !done && setFailed(true));
  }, []);
  if (failed) {
    return (
      <main className="auth-main">
        <AuthNotice kind="warning" title="Microsoft sign-in could not finish" page>
          Close this window and try again from the sign-in page.
        </AuthNotice>
      </main>
    );
  }
  return <FullPageSpinner />;
}
