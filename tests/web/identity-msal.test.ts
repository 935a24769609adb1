// The Microsoft client's settings are the specification's, and sign-in makes the account active.
import { describe, expect, it, vi } from "vitest";

const pca = vi.hoisted(() => ({
  configs: [] as unknown[],
  initialize: vi.fn(async () => {}),
  handleRedirectPromise: vi.fn(async () => null),
  loginPopup: vi.fn(),
  setActiveAccount: vi.fn(),
}));
vi.mock("@azure/msal-browser", async (importOriginal) => {
  const real = await importOriginal<typeof import("@azure/msal-browser")>();
  class PublicClientApplication {
    constructor(config: unknown) {
      pca.configs.push(config);
    }
    initialize = pca.initialize;
    handleRedirectPromise = pca.handleRedirectPromise;
    loginPopup = pca.loginPopup;
    setActiveAccount = pca.setActiveAccount;
  }
  return { ...real, PublicClientApplication };
});

import { LogLevel } from "@azure/msal-browser";
import { MICROSOFT_REDIRECT_PATH, createMicrosoftSignIn, isMicrosoftCancel, msalConfiguration } from "../../src/lib/identityMicrosoft";

describe("Microsoft sign-in (MSAL 5)", () => {
  it("uses the common authority, sessionStorage, post-logout '/', errors-only logging without personal data", () => {
    const config = msalConfiguration("client-1", "https://login.microsoftonline.com/common", "https://app.example");
    expect(config.auth).toEqual({
      clientId: "client-1",
      authority: "https://login.microsoftonline.com/common",
      redirectUri: `https://app.example${MICROSOFT_REDIRECT_PATH}`,
      postLogoutRedirectUri: "/",
    });
    expect(config.cache).toEqual({ cacheLocation: "sessionStorage" });
    expect(config.system?.loggerOptions).toMatchObject({ logLevel: LogLevel.Error, piiLoggingEnabled: false });
  });

  it("an authority elsewhere (a stand-in, from auth-config) is declared as known", () => {
    expect(msalConfiguration("c", "http://127.0.0.1:9999/common", "https://app.example").auth.knownAuthorities).toEqual(["127.0.0.1:9999"]);
  });

  it("signs in with a popup and an empty list of scopes, then makes the account active", async () => {
    const account = { homeAccountId: "h", username: "asha@contoso.example" };
    pca.loginPopup.mockResolvedValue({ idToken: "id", account });
    const ms = await createMicrosoftSignIn("client-1", "https://login.microsoftonline.com/common");
    expect(pca.initialize).toHaveBeenCalled();
    expect(pca.handleRedirectPromise).toHaveBeenCalledWith({ navigateToLoginRequestUrl: false });
    const result = await ms.signIn();
    expect(pca.loginPopup).toHaveBeenCalledWith({ scopes: [] });
    expect(pca.setActiveAccount).toHaveBeenCalledWith(account);
    expect(result.idToken).toBe("id");
    expect(pca.configs).toHaveLength(1);
  });

  it("a closed popup counts as a cancel", () => {
    expect(isMicrosoftCancel({ errorCode: "user_cancelled" })).toBe(true);
    expect(isMicrosoftCancel({ errorCode: "popup_window_error" })).toBe(false);
  });
});
