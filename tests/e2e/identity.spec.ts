// Google and Microsoft sign-in in real Chromium against the product, with the identity
// providers played by the test:
//  - Microsoft: the app's real MSAL 5 client opens its real popup against the real authority
//    URL (https://login.microsoftonline.com/common); the browser's requests to that host are
//    answered here (discovery, /authorize → back to the app's redirect page, /token → an ID
//    token signed by the local identity provider with the nonce MSAL asked for). The server
//    verifies that token against the local provider's JWKS (global-setup sets MS_JWKS_URL).
//  - Google: Google's script (accounts.google.com/gsi/client) is replaced by a small double that
//    renders a button and hands @react-oauth/google a credential signed by the local provider.
//    Everything after Google's script (the library's callback, POST /google-auth/, the session,
//    the redirect) is the product's own code.
import { randomUUID } from "node:crypto";
import { expect, type BrowserContext, type Route } from "@playwright/test";
import { auth, demo, expectPath, pageToken, poll, recordedTest as test } from "./fixtures";
import { E2E_GOOGLE_CLIENT_ID, E2E_MS_CLIENT_ID, GOOGLE_ISSUER, MS_ORIGIN, signIdToken } from "./identity-provider";

const b64url = (s: string) => Buffer.from(s).toString("base64url");

/** Answers the Microsoft identity platform's endpoints for one account. */
async function playMicrosoft(context: BrowserContext, account: { email: string; name: string; tid?: string }) {
  const tid = account.tid ?? randomUUID();
  const oid = randomUUID();
  let nonce = "";
  const calls: string[] = [];
  const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "*", "access-control-allow-methods": "GET, POST, OPTIONS" };
  const json = (route: Route, body: unknown) => route.fulfill({ status: 200, headers: { ...cors, "content-type": "application/json" }, body: JSON.stringify(body) });
  const openid = {
    token_endpoint: `${MS_ORIGIN}/common/oauth2/v2.0/token`,
    authorization_endpoint: `${MS_ORIGIN}/common/oauth2/v2.0/authorize`,
    end_session_endpoint: `${MS_ORIGIN}/common/oauth2/v2.0/logout`,
    jwks_uri: `${MS_ORIGIN}/common/discovery/v2.0/keys`,
    issuer: `${MS_ORIGIN}/{tenantid}/v2.0`,
    response_modes_supported: ["query", "fragment", "form_post"],
    response_types_supported: ["code", "id_token", "code id_token", "id_token token"],
    scopes_supported: ["openid", "profile", "email", "offline_access"],
    subject_types_supported: ["pairwise"],
    id_token_signing_alg_values_supported: ["RS256"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "private_key_jwt", "client_secret_basic"],
    claims_supported: ["sub", "iss", "aud", "exp", "iat", "nonce", "email", "name", "oid", "tid", "preferred_username"],
    tenant_region_scope: null,
    cloud_instance_name: "microsoftonline.com",
    cloud_graph_host_name: "graph.windows.net",
    msgraph_host: "graph.microsoft.com",
  };
  await context.route(`${MS_ORIGIN}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    calls.push(`${request.method()} ${url.pathname}`);
    if (request.method() === "OPTIONS") return route.fulfill({ status: 204, headers: cors });
    if (url.pathname.endsWith("/discovery/instance")) {
      return json(route, {
        tenant_discovery_endpoint: `${MS_ORIGIN}/common/v2.0/.well-known/openid-configuration`,
        "api-version": "1.1",
        metadata: [{ preferred_network: "login.microsoftonline.com", preferred_cache: "login.windows.net", aliases: ["login.microsoftonline.com", "login.windows.net", "login.microsoft.com", "sts.windows.net"] }],
      });
    }
    if (url.pathname.endsWith("/.well-known/openid-configuration")) return json(route, openid);
    if (url.pathname.endsWith("/oauth2/v2.0/authorize")) {
      nonce = url.searchParams.get("nonce") ?? "";
      const params = new URLSearchParams({ code: "e2e-authorization-code", state: url.searchParams.get("state") ?? "", client_info: b64url(JSON.stringify({ uid: oid, utid: tid })) });
      const back = url.searchParams.get("redirect_uri")!;
      const location = url.searchParams.get("response_mode") === "query" ? `${back}?${params}` : `${back}#${params}`;
      return route.fulfill({ status: 302, headers: { location } });
    }
    if (url.pathname.endsWith("/oauth2/v2.0/token")) {
      const idToken = await signIdToken({
        iss: `${MS_ORIGIN}/${tid}/v2.0`,
        aud: E2E_MS_CLIENT_ID,
        tid,
        oid,
        sub: `sub-${oid}`,
        email: account.email,
        preferred_username: account.email,
        name: account.name,
        nonce,
        ver: "2.0",
      });
      return json(route, {
        token_type: "Bearer",
        scope: "openid profile email offline_access",
        expires_in: 3600,
        ext_expires_in: 3600,
        access_token: "e2e-access-token",
        refresh_token: "e2e-refresh-token",
        id_token: idToken,
        client_info: b64url(JSON.stringify({ uid: oid, utid: tid })),
      });
    }
    return route.fulfill({ status: 404, headers: cors, body: "not played by the test" });
  });
  return { calls };
}

/** Google's script, replaced: a button that hands the library a credential. */
async function playGoogle(context: BrowserContext, credential: string) {
  const script = `
    window.google = { accounts: { id: {
      initialize(config) { window.__gsiConfig = config; },
      renderButton(el) {
        const b = document.createElement("button");
        b.type = "button"; b.textContent = "Sign in with Google"; b.className = "e2e-google-button";
        b.style.cssText = "width:100%;height:40px;border:1px solid #dadce0;border-radius:4px;background:#fff;font:500 14px Roboto,Arial,sans-serif;color:#3c4043;cursor:pointer";
        b.onclick = () => window.__gsiConfig.callback({ credential: ${JSON.stringify(credential)}, clientId: window.__gsiConfig.client_id, select_by: "btn" });
        el.replaceChildren(b);
      },
      prompt() {}, cancel() {}, disableAutoSelect() {}, storeCredential() {}, revoke() {},
    } } };`;
  await context.route("https://accounts.google.com/gsi/client*", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: script }));
}

test.describe("social sign-in", () => {
  test("the login and signup pages show both providers' buttons when the server has them configured", async ({ page }) => {
    await playGoogle(page.context(), "unused");
    for (const path of ["/login", "/signup"]) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Sign in with Microsoft" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
    }
    const config = await (await page.request.get("/api/auth-config/")).json();
    expect(config.google).toEqual({ enabled: true, client_id: E2E_GOOGLE_CLIENT_ID });
    expect(config.microsoft).toMatchObject({ enabled: true, client_id: E2E_MS_CLIENT_ID, authority: `${MS_ORIGIN}/common` });
  });

  test("Microsoft: the MSAL popup signs in a new e-mail, recorded as a signup (onboarding first)", async ({ page, context }) => {
    const email = `ms.${Date.now()}@contoso-e2e.example`;
    const { calls } = await playMicrosoft(context, { email, name: "Meera Contoso" });
    await page.goto("/login");
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Sign in with Microsoft" }).click();
    const popup = await popupPromise;
    await expectPath(page, "/onboarding");
    expect(calls.some((c) => c.startsWith("GET /common/oauth2/v2.0/authorize"))).toBe(true);
    expect(calls.some((c) => c.startsWith("POST /common/oauth2/v2.0/token"))).toBe(true);
    await poll(() => popup.isClosed()).toBe(true);

    // MSAL kept its cache in sessionStorage, with the signed-in account as the active account.
    const storage = await page.evaluate(() => ({
      session: Object.keys(sessionStorage).filter((k) => k.startsWith("msal.")),
      local: Object.keys(localStorage).filter((k) => k.startsWith("msal.")),
      cookies: document.cookie,
    }));
    expect(storage.session.some((k) => k.includes("active-account"))).toBe(true);
    expect(storage.local).toEqual([]);
    expect(storage.cookies).not.toContain("msal");

    // The account is the new subscriber's: the server recorded the signup from the token's e-mail.
    const token = await pageToken(page);
    const me = await (await page.request.get("/api/user-info/", { headers: auth(token!) })).json();
    expect(me).toMatchObject({ email, first_name: "Meera", end_date: null });
  });

  test("Google: the credential from Google's button signs in an existing subscriber", async ({ page, context }) => {
    const credential = await signIdToken({ iss: GOOGLE_ISSUER, aud: E2E_GOOGLE_CLIENT_ID, sub: "google-demo-subscriber", email: demo.email, email_verified: true, name: "Demo Subscriber" });
    await playGoogle(context, credential);
    await page.goto("/login?redirect=%2Fmy-feed");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expectPath(page, "/my-feed");
    await expect(page.getByText(/Credits: \d+ remaining out of total \d+/)).toBeVisible();
  });

  test("Google: a token the server refuses shows its reason and leaves the visitor signed out", async ({ page, context }) => {
    const expired = await signIdToken({ iss: GOOGLE_ISSUER, aud: E2E_GOOGLE_CLIENT_ID, sub: "g-expired", email: demo.email, email_verified: true }, -600);
    await playGoogle(context, expired);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page.getByText("The Google sign-in token has expired. Please sign in again.")).toBeVisible();
    await expectPath(page, "/login");
    expect(await pageToken(page)).toBeNull();
  });
});
