// Google and Microsoft sign-in, the part that does not need the providers' libraries:
// which providers are configured (GET /auth-config/), and turning a provider's answer into an
// InfraScout session (POST /google-auth/ or /ms-auth/ → token → user info and preferences).
// The buttons (pages/auth/SocialSignIn.tsx) load the libraries in their own chunk and call
// these functions, so the flow after the provider can be tested without Google's script.
import type { UserInfo } from "../../common/api";
import { HttpError, http } from "../providers/http";
import { clearSession, loadSession } from "../providers/session";
import { SERVER_ERROR_MESSAGE, bodyMessage } from "./errorMessages";
import { forgetKeptStaffToken } from "./identityImpersonation";
import { toastError } from "./toast";
import { setToken } from "./token";

export interface AuthConfig {
  google: { enabled: boolean; client_id: string | null };
  microsoft: { enabled: boolean; client_id: string | null; authority: string };
}

export const DEFAULT_MS_AUTHORITY = "https://login.microsoftonline.com/common";
const NO_PROVIDERS: AuthConfig = {
  google: { enabled: false, client_id: null },
  microsoft: { enabled: false, client_id: null, authority: DEFAULT_MS_AUTHORITY },
};

let configPromise: Promise<AuthConfig> | null = null;

/** The public sign-in configuration, fetched once per page load; no providers when it cannot be read. */
export function loadAuthConfig(): Promise<AuthConfig> {
  if (!configPromise) {
    configPromise = http
      .get<AuthConfig>("auth-config/", { toast: false })
      .then((c) => ({
        google: { enabled: !!c?.google?.enabled && !!c.google.client_id, client_id: c?.google?.client_id ?? null },
        microsoft: {
          enabled: !!c?.microsoft?.enabled && !!c.microsoft.client_id,
          client_id: c?.microsoft?.client_id ?? null,
          authority: c?.microsoft?.authority || DEFAULT_MS_AUTHORITY,
        },
      }))
      .catch(() => {
        configPromise = null; // try again next time a sign-in page opens
        return NO_PROVIDERS;
      });
  }
  return configPromise;
}

/** Tests: forget the fetched configuration. */
export function resetAuthConfig(): void {
  configPromise = null;
}

export type SocialProvider = "google" | "microsoft";
const ENDPOINT: Record<SocialProvider, string> = { google: "google-auth/", microsoft: "ms-auth/" };

/**
 * The message a failed social sign-in shows. Spec section 8: a server failure (5xx) of a
 * social sign-in is the toast 'Server Error'; otherwise the server's own words (an expired
 * token, a disabled account, too many attempts) or the catalogue's message.
 */
export function socialErrorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if ((error.statusCode ?? 0) >= 500) return SERVER_ERROR_MESSAGE;
    if (error.statusCode === 429) return error.message;
    return bodyMessage(error.body) ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Hand a provider's credential payload to the server and sign in with the token it answers.
 * Resolves with the signed-in user; on failure shows the toast and rethrows.
 */
export async function signInWithProvider(provider: SocialProvider, payload: object): Promise<UserInfo> {
  try {
    const { token } = await http.post<{ token: string }>(ENDPOINT[provider], payload, { toast: false });
    forgetKeptStaffToken(); // a new sign-in ends any impersonation in this tab
    setToken(token);
    clearSession();
    return await loadSession(true);
  } catch (error) {
    // A 401 also gets the HTTP layer's 'unauthorized' toast; error toasts share one key, so
    // this more precise one replaces it.
    if (!(error instanceof HttpError && error.kind === "cancelled")) toastError(socialErrorMessage(error));
    throw error;
  }
}

/** @react-oauth/google's CredentialResponse ({credential, clientId, select_by}), sent as it is. */
export interface GoogleCredential {
  credential?: string;
  clientId?: string;
  select_by?: string;
}

export function signInWithGoogleCredential(response: GoogleCredential): Promise<UserInfo> {
  return signInWithProvider("google", response);
}

/** The fields of msal-browser's AuthenticationResult the server reads (the whole result is sent). */
export interface MicrosoftResult {
  idToken: string;
  account?: unknown;
  [key: string]: unknown;
}

export function signInWithMicrosoftResult(result: MicrosoftResult): Promise<UserInfo> {
  // The result as msal gives it; Dates and the account object serialise to plain JSON.
  return signInWithProvider("microsoft", JSON.parse(JSON.stringify(result)));
}
