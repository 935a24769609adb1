// 'Sign in with Google' and 'Sign in with Microsoft' under the login and signup forms. Loaded
// lazily (its own chunk with @react-oauth/google; MSAL is a further chunk loaded when Microsoft
// is configured), and each button shows only when /auth-config/ says its provider is enabled.
import { GoogleLogin, GoogleOAuthProvider, type CredentialResponse } from "@react-oauth/google";
import { useLogin } from "@refinedev/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { loadAuthConfig, type AuthConfig, type MicrosoftResult } from "../../lib/identity";
import type { MicrosoftSignIn } from "../../lib/identityMicrosoft";
import { toastError } from "../../lib/toast";
import type { LoginParams } from "../../providers/authProvider";
import { AuthButton } from "./form/fields";

export const GOOGLE_UNAVAILABLE = "Google sign-in could not be loaded. Check your connection or use your password.";
export const GOOGLE_FAILED = "Google sign-in did not complete. Please try again.";

interface Props {
  /** Where to go after signing in (the gating still sends new users to onboarding). */
  redirectTo: string;
}

type SocialLogin = Extract<LoginParams, { provider: "google" | "microsoft" }>;

/** Signs in through the authProvider (Refine's useLogin), which then opens the destination. */
function useSocialRun(redirectTo: string) {
  const { mutate: login, isPending, data: answer } = useLogin<LoginParams>();
  // Busy while signing in, and once signed in until the next page opens; a refusal (the mutation
  // succeeds with success: false) frees the button for another try.
  const busy = isPending || answer?.success === true;
  const run = useCallback((params: SocialLogin) => login({ ...params, redirect: redirectTo }), [login, redirectTo]);
  return { busy, run };
}

function GoogleButton({ clientId, onCredential }: { clientId: string; onCredential: (r: CredentialResponse) => void }) {
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(320);
  useEffect(() => {
    // Google's button takes a pixel width (at most 400): match the form's.
    const w = box.current?.clientWidth;
    if (w) setWidth(Math.max(200, Math.min(400, Math.floor(w))));
  }, []);
  return (
    <div ref={box} className="social-button social-google" data-testid="google-sign-in">
      {failed ? (
        <p className="auth-secondary">{GOOGLE_UNAVAILABLE}</p>
      ) : (
        <GoogleOAuthProvider clientId={clientId} onScriptLoadError={() => setFailed(true)}>
          <GoogleLogin
            onSuccess={onCredential}
            onError={() => toastError(GOOGLE_FAILED)}
            text="signin_with"
            width={width}
            size="large"
            shape="rectangular"
            logo_alignment="center"
          />
        </GoogleOAuthProvider>
      )}
    </div>
  );
}

function MicrosoftLogo() {
  return (
    <svg width="16" height="16" viewBox="0 0 21 21" aria-hidden focusable="false">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}

function MicrosoftButton({ clientId, authority, busy, onResult }: {
  clientId: string;
  authority: string;
  busy: boolean;
  onResult: (result: MicrosoftResult) => void;
}) {
  // Created ahead of the click, so the popup opens within the click's user activation. The
  // click also asks for it: a click that lands before the effect ran (the button is in the DOM
  // one task before effects run) must wait for the client, not find none.
  const started = useRef<{ key: string; client: Promise<MicrosoftSignIn> } | null>(null);
  const module = useRef<typeof import("../../lib/identityMicrosoft") | null>(null);
  const ensureClient = useCallback(() => {
    const key = `${clientId} ${authority}`;
    if (started.current?.key !== key) {
      const client = import("../../lib/identityMicrosoft").then((m) => {
        module.current = m;
        return m.createMicrosoftSignIn(clientId, authority);
      });
      client.catch(() => undefined);
      started.current = { key, client };
    }
    return started.current.client;
  }, [clientId, authority]);
  useEffect(() => void ensureClient(), [ensureClient]);

  const onClick = async () => {
    let result;
    try {
      const ms = await ensureClient();
      result = await ms.signIn();
    } catch (error) {
      const m = module.current;
      if (!m?.isMicrosoftCancel(error)) toastError(m ? m.microsoftErrorMessage(error) : "Microsoft sign-in could not be loaded.");
      return;
    }
    onResult(result as unknown as MicrosoftResult);
  };

  return (
    <AuthButton className="social-button social-microsoft" icon={<MicrosoftLogo />} busy={busy} onClick={() => void onClick()}>
      Sign in with Microsoft
    </AuthButton>
  );
}

export default function SocialSignIn({ redirectTo }: Props) {
  const [config, setConfig] = useState<AuthConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadAuthConfig().then((c) => live && setConfig(c));
    return () => {
      live = false;
    };
  }, []);
  const { busy, run } = useSocialRun(redirectTo);

  if (!config || (!config.google.enabled && !config.microsoft.enabled)) return null;
  return (
    <div className="social-sign-in" aria-label="Other ways to sign in">
      <div className="social-divider" role="separator">
        or
      </div>
      <div className="social-buttons">
        {config.google.enabled && config.google.client_id && (
          <GoogleButton clientId={config.google.client_id} onCredential={(credential) => run({ provider: "google", credential })} />
        )}
        {config.microsoft.enabled && config.microsoft.client_id && (
          <MicrosoftButton clientId={config.microsoft.client_id} authority={config.microsoft.authority} busy={busy} onResult={(result) => run({ provider: "microsoft", result })} />
        )}
      </div>
    </div>
  );
}
