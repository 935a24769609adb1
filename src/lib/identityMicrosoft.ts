// Microsoft sign-in with @azure/msal-browser 5, loaded only by the sign-in buttons (its own
// chunk). The settings are the specification's:
//   authority          the multi-tenant common authority (from /auth-config/, so a test or an
//                      organisation-only deployment can point elsewhere)
//   cache              sessionStorage; no auth state in cookies (MSAL 5 never keeps it there: the
//                      storeAuthStateInCookie option no longer exists)
//   redirect handling  no navigation to the login request URL (navigateToLoginRequestUrl false:
//                      an option of handleRedirectPromise in MSAL 5)
//   logout             post-logout redirect to '/'
//   logging            debug off: errors only, never personal data
//   request            loginPopup with an empty list of scopes
//   after sign-in      the signed-in account becomes the active account
// MSAL 5 hands the popup's answer back through a redirect bridge page: MICROSOFT_REDIRECT_PATH
// (pages/auth/MicrosoftRedirectPage) must be registered as a redirect URI of the app.
import { LogLevel, PublicClientApplication, type AuthenticationResult, type Configuration } from "@azure/msal-browser";

export const MICROSOFT_REDIRECT_PATH = "/auth/microsoft";
export const MICROSOFT_SCOPES: string[] = [];

/** Hosts MSAL knows as Microsoft clouds; any other authority host is declared as known (a test stand-in, ADFS). */
const MICROSOFT_HOSTS = /(^|\.)(microsoftonline\.com|microsoftonline\.us|chinacloudapi\.cn|microsoftonline\.de|ciamlogin\.com)$/i;

export function msalConfiguration(clientId: string, authority: string, origin = window.location.origin): Configuration {
  const host = new URL(authority).host;
  return {
    auth: {
      clientId,
      authority,
      ...(MICROSOFT_HOSTS.test(new URL(authority).hostname) ? {} : { knownAuthorities: [host] }),
      redirectUri: origin + MICROSOFT_REDIRECT_PATH,
      postLogoutRedirectUri: "/",
    },
    cache: { cacheLocation: "sessionStorage" },
    system: {
      loggerOptions: { logLevel: LogLevel.Error, piiLoggingEnabled: false, loggerCallback: () => {} },
    },
  };
}

export interface MicrosoftSignIn {
  /** Opens Microsoft's sign-in popup; resolves with the result, the account made active. */
  signIn(): Promise<AuthenticationResult>;
}

/** Creates and initialises the client (ahead of the click, so the popup opens at once). */
export async function createMicrosoftSignIn(clientId: string, authority: string): Promise<MicrosoftSignIn> {
  const pca = new PublicClientApplication(msalConfiguration(clientId, authority));
  await pca.initialize();
  // A page that came back from a redirect flow: no navigation to the login request URL.
  await pca.handleRedirectPromise({ navigateToLoginRequestUrl: false }).catch(() => null);
  return {
    async signIn() {
      const result = await pca.loginPopup({ scopes: MICROSOFT_SCOPES });
      pca.setActiveAccount(result.account);
      return result;
    },
  };
}

/** The user closed the popup or cancelled: not an error worth a toast. */
export function isMicrosoftCancel(error: unknown): boolean {
  return (error as { errorCode?: string })?.errorCode === "user_cancelled";
}

/** What to tell the user when MSAL itself fails (before our server is asked). */
export function microsoftErrorMessage(error: unknown): string {
  const code = (error as { errorCode?: string })?.errorCode;
  if (code === "popup_window_error" || code === "empty_window_error") return "Allow pop-ups for this site to sign in with Microsoft.";
  if (code === "interaction_in_progress") return "A Microsoft sign-in is already open in another window.";
  return "Microsoft sign-in did not complete. Please try again.";
}
