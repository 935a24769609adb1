// Social sign-in (buttons per /auth-config/, the Google and Microsoft flows after the provider,
// their error toasts) and impersonation (the token swap, the restore, the 0.3 s refetch).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOKEN_STORAGE_KEY } from "../../common/constants";
import { resetAuthConfig, signInWithGoogleCredential } from "../../src/lib/identity";
import { cancelImpersonation, STAFF_TOKEN_KEY, startImpersonation } from "../../src/lib/identityImpersonation";
import { hardNavigation } from "../../src/lib/redirect";
import { HttpError } from "../../src/providers/http";
import { clearSession } from "../../src/providers/session";
import { jsonResponse, makeUser, preferences, stubApi, type Route } from "./helpers";
import { currentLocation, renderApp, renderSignedIn } from "./renderApp";

// MSAL itself is covered by the Playwright test; here the button's client is a stand-in.
const msal = vi.hoisted(() => ({
  signIn: vi.fn(),
  created: [] as [string, string][],
}));
vi.mock("../../src/lib/identityMicrosoft", () => ({
  MICROSOFT_REDIRECT_PATH: "/auth/microsoft",
  createMicrosoftSignIn: async (clientId: string, authority: string) => {
    msal.created.push([clientId, authority]);
    return { signIn: msal.signIn };
  },
  isMicrosoftCancel: (e: { errorCode?: string }) => e?.errorCode === "user_cancelled",
  microsoftErrorMessage: () => "Microsoft sign-in did not complete. Please try again.",
}));

const config = (google: boolean, microsoft: boolean) => ({
  google: { enabled: google, client_id: google ? "g-client" : null },
  microsoft: { enabled: microsoft, client_id: microsoft ? "ms-client" : null, authority: "https://login.microsoftonline.com/common" },
});

/** A signed-out API: auth-config, the sign-in endpoints via `extra`, and the session after sign-in. */
function stubSignedOut(cfg: ReturnType<typeof config>, extra?: Route) {
  return stubApi((url, init) => {
    const hit = extra?.(url, init);
    if (hit) return hit;
    if (url.pathname === "/api/auth-config/") return jsonResponse(200, cfg);
    if (url.pathname === "/api/user-info/") return jsonResponse(200, makeUser());
    if (url.pathname === "/api/user-preferences/") return jsonResponse(200, preferences);
    return undefined;
  });
}

const bodyOf = (fetch: ReturnType<typeof stubApi>, path: string) => {
  const call = fetch.mock.calls.find(([u]) => String(u) === path);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

beforeEach(() => {
  resetAuthConfig();
  msal.signIn.mockReset();
  msal.created.length = 0;
});

describe("social sign-in buttons", () => {
  it("shows Google and Microsoft on the login page when both are enabled", async () => {
    stubSignedOut(config(true, true));
    renderApp("/login");
    expect(await screen.findByRole("button", { name: "Sign in with Microsoft" })).toBeTruthy();
    expect(screen.getByTestId("google-sign-in")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Login" })).toBeTruthy(); // the password form stays
    await waitFor(() => expect(msal.created).toEqual([["ms-client", "https://login.microsoftonline.com/common"]]));
  });

  it("hides a provider that is not enabled, on the signup page too", async () => {
    stubSignedOut(config(false, true));
    renderApp("/signup");
    expect(await screen.findByRole("button", { name: "Sign in with Microsoft" })).toBeTruthy();
    expect(screen.queryByTestId("google-sign-in")).toBeNull();
  });

  it("shows neither (nor the 'or' divider) when none is enabled, or when auth-config cannot be read", async () => {
    const fetch = stubSignedOut(config(false, false));
    renderApp("/login");
    await screen.findByRole("button", { name: "Login" });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u) === "/api/auth-config/")).toBe(true));
    expect(screen.queryByRole("button", { name: "Sign in with Microsoft" })).toBeNull();
    expect(screen.queryByTestId("google-sign-in")).toBeNull();
    expect(screen.queryByText("or")).toBeNull();
  });

  it("Microsoft: the popup's result is posted to ms-auth as it is, and the user lands where they were going", async () => {
    msal.signIn.mockResolvedValue({ idToken: "ms-id-token", account: { username: "asha@contoso.example", homeAccountId: "h" }, scopes: [] });
    const fetch = stubSignedOut(config(false, true), (url) => (url.pathname === "/api/ms-auth/" ? jsonResponse(200, { token: "ms-session" }) : undefined));
    renderApp("/login?redirect=%2Fmy-feed");
    fireEvent.click(await screen.findByRole("button", { name: "Sign in with Microsoft" }));
    await waitFor(() => expect(currentLocation()).toBe("/my-feed"));
    expect(bodyOf(fetch, "/api/ms-auth/")).toEqual({ idToken: "ms-id-token", account: { username: "asha@contoso.example", homeAccountId: "h" }, scopes: [] });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("ms-session");
  });

  it("Microsoft: closing the popup is not an error; a server failure shows 'Server Error'", async () => {
    msal.signIn.mockRejectedValueOnce({ errorCode: "user_cancelled" });
    stubSignedOut(config(false, true), (url) => (url.pathname === "/api/ms-auth/" ? jsonResponse(500, "boom") : undefined));
    renderApp("/login");
    const button = await screen.findByRole("button", { name: "Sign in with Microsoft" });
    fireEvent.click(button);
    await waitFor(() => expect(msal.signIn).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/did not complete/)).toBeNull();

    msal.signIn.mockResolvedValueOnce({ idToken: "t", account: null });
    fireEvent.click(button);
    expect(await screen.findByText("Server Error")).toBeTruthy();
    expect(screen.queryByText("Internal Server Error")).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(currentLocation()).toBe("/login");
  });
});

describe("Google: credential → google-auth → session", () => {
  it("posts the CredentialResponse as it is, stores the token and loads the session", async () => {
    const fetch = stubSignedOut(config(true, false), (url) => (url.pathname === "/api/google-auth/" ? jsonResponse(200, { token: "g-session" }) : undefined));
    sessionStorage.setItem(STAFF_TOKEN_KEY, "stale"); // a new sign-in ends any impersonation in the tab
    const user = await signInWithGoogleCredential({ credential: "google-jwt", clientId: "g-client", select_by: "btn" });
    expect(user.email).toBe(makeUser().email);
    expect(bodyOf(fetch, "/api/google-auth/")).toEqual({ credential: "google-jwt", clientId: "g-client", select_by: "btn" });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("g-session");
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    const infoCall = fetch.mock.calls.find(([u]) => String(u) === "/api/user-info/");
    expect((infoCall?.[1]?.headers as Record<string, string>).Authorization).toBe("Token g-session");
  });

  it.each([
    [502, { detail: "Server Error" }, "Server Error"],
    [500, "Internal failure", "Server Error"],
    [403, { detail: "This account has been disabled." }, "This account has been disabled."],
    [401, { detail: "The Google sign-in token has expired. Please sign in again." }, "The Google sign-in token has expired. Please sign in again."],
  ])("answer %s: rejects, stays signed out, toast %j", async (status, body, toast) => {
    stubSignedOut(config(true, false), (url) => (url.pathname === "/api/google-auth/" ? jsonResponse(status, body) : undefined));
    renderApp("/login"); // hosts the toasts
    // The HTTP layer's error for this very answer (its status and body), not any error at all.
    const failure = await signInWithGoogleCredential({ credential: "bad" }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ statusCode: status, body });
    expect(await screen.findByText(toast)).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // A 401 also schedules the HTTP layer's logout (0.5 s): let it pass before the next test.
    if (status === 401) await new Promise((resolve) => setTimeout(resolve, 600));
  });
});

describe("impersonation token swap", () => {
  const client = makeUser({ id: 7, email: "client@steel.example" });
  const staffUser = makeUser({ id: 2, email: "ravi@infrascout.in", is_staff: true });
  const authOf = (init?: RequestInit) => (init?.headers as Record<string, string> | undefined)?.Authorization;

  function stubBoth() {
    return stubApi((url, init) => {
      const auth = authOf(init);
      if (url.pathname === "/api/impersonate/7/") return auth === "Token staff-token" ? jsonResponse(200, { token: "imp-token", user: { ...client, is_impersonated: true } }) : jsonResponse(403, { detail: "no" });
      if (url.pathname === "/api/cancel-impersonate/") return auth === "Token imp-token" ? jsonResponse(200, { detail: "Impersonation ended." }) : jsonResponse(400, { detail: "You are not impersonating anyone." });
      if (url.pathname === "/api/user-info/") return jsonResponse(200, auth === "Token imp-token" ? { ...client, is_impersonated: true } : staffUser);
      if (url.pathname === "/api/user-preferences/") return jsonResponse(200, preferences);
      return undefined;
    });
  }

  afterEach(() => clearSession());

  it("start keeps the staff token in sessionStorage and switches to the impersonation token", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, "staff-token");
    stubBoth();
    const session = await startImpersonation(7);
    expect(session.user).toMatchObject({ email: "client@steel.example", is_impersonated: true });
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toBe("staff-token");
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("imp-token");
  });

  it("cancel calls cancel-impersonate with the impersonation token, restores the staff token and refetches after 0.3 s", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, "imp-token");
    sessionStorage.setItem(STAFF_TOKEN_KEY, "staff-token");
    const fetch = stubBoth();
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const done = cancelImpersonation();
    const staffInfoCalls = () => fetch.mock.calls.filter(([u, init]) => String(u) === "/api/user-info/" && authOf(init) === "Token staff-token").length;
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.mock.calls.map(([u]) => String(u))).toContain("/api/cancel-impersonate/");
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("staff-token");
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(299);
    expect(staffInfoCalls()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    const outcome = await done;
    expect(staffInfoCalls()).toBe(1);
    expect(outcome).toMatchObject({ restored: true, session: { user: { email: "ravi@infrascout.in", is_impersonated: false } } });
  });

  it("without a kept staff token, cancel reports it (the app then signs out)", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, "imp-token");
    stubBoth();
    expect(await cancelImpersonation(0)).toEqual({ restored: false });
  });

  it("a refused cancel leaves the impersonation as it was", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, "other-token");
    sessionStorage.setItem(STAFF_TOKEN_KEY, "staff-token");
    stubBoth();
    const failure = await cancelImpersonation(0).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ statusCode: 400, body: { detail: "You are not impersonating anyone." } });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("other-token");
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toBe("staff-token");
  });
});

describe("impersonation in the app", () => {
  it("the avatar menu's Cancel Impersonation returns the staff member to the users tab", async () => {
    sessionStorage.setItem(STAFF_TOKEN_KEY, "staff-token");
    let impersonating = true;
    renderSignedIn("/dashboard", makeUser({ is_impersonated: true, email: "client@steel.example" }), (url) => {
      if (url.pathname === "/api/cancel-impersonate/") {
        impersonating = false;
        return jsonResponse(200, { detail: "Impersonation ended." });
      }
      if (url.pathname === "/api/user-info/" && !impersonating) return jsonResponse(200, makeUser({ email: "ravi@infrascout.in", is_staff: true }));
      if (url.pathname.startsWith("/api/list/review/search/")) return jsonResponse(200, { count: 0, page: 1, page_size: 20, results: [] });
      if (url.pathname === "/api/user/users/") return jsonResponse(200, { count: 0, page: 1, page_size: 25, results: [] });
      return undefined;
    });
    expect(await screen.findByText("You are impersonating client@steel.example")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Account menu" }));
    const dropdown = await waitFor(() => document.querySelector(".ant-dropdown-menu") as HTMLElement);
    fireEvent.click(within(dropdown).getByText("Cancel Impersonation"));
    await waitFor(() => expect(currentLocation()).toBe("/update-projects?tab=users"), { timeout: 3000 });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("staff-token");
    expect(screen.queryByText(/You are impersonating/)).toBeNull();
  });

  it("without a kept staff token, Cancel Impersonation signs out to /login", async () => {
    const assign = vi.spyOn(hardNavigation, "assign").mockImplementation(() => {});
    renderSignedIn("/dashboard", makeUser({ is_impersonated: true, email: "client@steel.example" }), (url) =>
      url.pathname === "/api/cancel-impersonate/" ? jsonResponse(200, { detail: "Impersonation ended." }) : undefined,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Account menu" }));
    const dropdown = await waitFor(() => document.querySelector(".ant-dropdown-menu") as HTMLElement);
    fireEvent.click(within(dropdown).getByText("Cancel Impersonation"));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/login"));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("/impersonate/{id} starts at once for staff and opens the dashboard with the banner", async () => {
    const fetch = renderSignedIn("/impersonate/7", makeUser({ id: 2, email: "ravi@infrascout.in", is_staff: true }), (url, init) => {
      if (url.pathname === "/api/impersonate/7/") return jsonResponse(200, { token: "imp-token", user: makeUser({ id: 7, email: "client@steel.example", is_impersonated: true }) });
      if (url.pathname === "/api/user-info/" && (init.headers as Record<string, string>).Authorization === "Token imp-token")
        return jsonResponse(200, makeUser({ id: 7, email: "client@steel.example", is_impersonated: true }));
      return undefined;
    }).fetch;
    await waitFor(() => expect(currentLocation()).toBe("/dashboard"));
    expect(await screen.findByText("You are impersonating client@steel.example")).toBeTruthy();
    expect(fetch.mock.calls.filter(([u]) => String(u) === "/api/impersonate/7/")).toHaveLength(1);
  });

  it("/impersonate/{id} refuses a subscriber without calling the API", async () => {
    const { fetch } = renderSignedIn("/impersonate/7", makeUser());
    expect(await screen.findByText("Staff only")).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes("impersonate/"))).toBe(false);
  });
});
