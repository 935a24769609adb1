// Social sign-in (buttons per /auth-config/, the Google and Microsoft flows after the provider,
// their error toasts) and impersonation (the token swap, the restore, the 0.3 s refetch).
import { BrowserAuthError } from "@azure/msal-browser";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SIGNED_IN_HOME, TOKEN_STORAGE_KEY } from "../../common/constants";
import { resetAuthConfig, signInWithGoogleCredential } from "../../src/lib/identity";
import { cancelImpersonation, STAFF_TOKEN_KEY, startImpersonation } from "../../src/lib/identityImpersonation";
import { hardNavigation } from "../../src/lib/redirect";
import { HttpError } from "../../src/providers/http";
import { clearSession } from "../../src/providers/session";
import { jsonResponse, makeUser, preferences, stubApi, type Route } from "./helpers";
import { currentLocation, renderApp, renderSignedIn } from "./renderApp";

// The outside boundary is MSAL (the popup itself is the Playwright test's): a stand-in
// PublicClientApplication, so the app's own identityMicrosoft code runs for real.
const msal = vi.hoisted(() => ({
  configs: [] as { auth: { clientId: string; authority: string } }[],
  initialize: vi.fn(async () => {}),
  loginPopup: vi.fn(),
  setActiveAccount: vi.fn(),
}));
vi.mock("@azure/msal-browser", async (importOriginal) => {
  const real = await importOriginal<typeof import("@azure/msal-browser")>();
  class PublicClientApplication {
    constructor(config: { auth: { clientId: string; authority: string } }) {
      msal.configs.push(config);
    }
    initialize = msal.initialize;
    handleRedirectPromise = async () => null;
    loginPopup = msal.loginPopup;
    setActiveAccount = msal.setActiveAccount;
  }
  return { ...real, PublicClientApplication };
});
const msalError = (code: string) => new BrowserAuthError(code, "correlation-id");

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

// The pages these tests open are lazy chunks: load them once up front, so a busy machine's
// slow first import is not counted against the first test's 8 s wait for a button.
beforeAll(async () => {
  await Promise.all([
    import("../../src/pages/auth/LoginPage"),
    import("../../src/pages/auth/SignupPage"),
    import("../../src/pages/auth/SocialSignIn"),
    import("../../src/lib/identityMicrosoft"),
    import("../../src/pages/dashboard/DashboardPage"),
  ]);
}, 120_000);

beforeEach(() => {
  resetAuthConfig();
  msal.loginPopup.mockReset();
  msal.setActiveAccount.mockReset();
  msal.initialize.mockReset().mockResolvedValue(undefined);
  msal.configs.length = 0;
});

const MS_BUTTON = { name: "Sign in with Microsoft" } as const;
const msResult = { idToken: "ms-id-token", account: { username: "asha@contoso.example", homeAccountId: "h" }, scopes: [] };
const msAuthAnswers = (status: number, body: unknown) => (url: URL) => (url.pathname === "/api/ms-auth/" ? jsonResponse(status, body) : undefined);

/** Clicks the button in the very microtask it enters the DOM: before React has run the page's effects. */
function clickTheMomentItShows(name: string) {
  return new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      const button = screen.queryByRole("button", { name });
      if (!button) return;
      observer.disconnect();
      fireEvent.click(button);
      resolve();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

describe("social sign-in buttons", () => {
  it("shows Google and Microsoft on the login page when both are enabled", async () => {
    stubSignedOut(config(true, true));
    renderApp("/login");
    expect((await screen.findByRole("button", MS_BUTTON) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId("google-sign-in").closest(".social-sign-in")).not.toBeNull();
    expect((screen.getByRole("button", { name: "Login" }) as HTMLButtonElement).type).toBe("submit"); // the password form stays
    // One MSAL client, made ahead of the click, for auth-config's client and authority.
    await waitFor(() => expect(msal.initialize).toHaveBeenCalledTimes(1));
    expect(msal.configs.map((c) => [c.auth.clientId, c.auth.authority])).toEqual([["ms-client", "https://login.microsoftonline.com/common"]]);
  });

  it("hides a provider that is not enabled, on the signup page too", async () => {
    stubSignedOut(config(false, true));
    renderApp("/signup");
    await screen.findByRole("button", MS_BUTTON);
    expect(screen.queryByTestId("google-sign-in")).toBeNull();
  });

  it("shows neither (nor the 'or' divider) when none is enabled, or when auth-config cannot be read", async () => {
    const fetch = stubSignedOut(config(false, false));
    renderApp("/login");
    await screen.findByRole("button", { name: "Login" });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u) === "/api/auth-config/")).toBe(true));
    expect(screen.queryByRole("button", MS_BUTTON)).toBeNull();
    expect(screen.queryByTestId("google-sign-in")).toBeNull();
    expect(screen.queryByText("or")).toBeNull();
  });

  it("Microsoft: the popup's result is posted to ms-auth as it is, and the user lands where they were going", async () => {
    msal.loginPopup.mockResolvedValue(msResult);
    const fetch = stubSignedOut(config(false, true), msAuthAnswers(200, { token: "ms-session" }));
    renderApp("/login?redirect=%2Fmy-feed");
    fireEvent.click(await screen.findByRole("button", MS_BUTTON));
    await waitFor(() => expect(currentLocation()).toBe("/my-feed"));
    expect(msal.loginPopup).toHaveBeenCalledWith({ scopes: [] });
    expect(msal.setActiveAccount).toHaveBeenCalledWith(msResult.account);
    expect(bodyOf(fetch, "/api/ms-auth/")).toEqual(msResult);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("ms-session");
  });

  it("Microsoft: a click the moment the button shows (before the page's effects ran) still signs in", async () => {
    msal.loginPopup.mockResolvedValue(msResult);
    stubSignedOut(config(false, true), msAuthAnswers(200, { token: "ms-session" }));
    const clicked = clickTheMomentItShows(MS_BUTTON.name);
    renderApp("/login?redirect=%2Fmy-feed");
    await clicked;
    await waitFor(() => expect(currentLocation()).toBe("/my-feed"));
    expect(screen.queryByText("Microsoft sign-in could not be loaded.")).toBeNull();
    expect(msal.configs).toHaveLength(1); // the click and the effect share one client
  });

  it("Microsoft: a click while MSAL is still initialising waits for it, then opens the popup", async () => {
    let ready!: () => void;
    msal.initialize.mockReturnValue(new Promise<void>((resolve) => (ready = resolve)));
    msal.loginPopup.mockResolvedValue(msResult);
    stubSignedOut(config(false, true), msAuthAnswers(200, { token: "ms-session" }));
    renderApp("/login");
    fireEvent.click(await screen.findByRole("button", MS_BUTTON));
    await waitFor(() => expect(msal.initialize).toHaveBeenCalled());
    expect(msal.loginPopup).not.toHaveBeenCalled();
    ready();
    await waitFor(() => expect(currentLocation()).toBe(SIGNED_IN_HOME));
    expect(msal.loginPopup).toHaveBeenCalledTimes(1);
  });

  it("Microsoft: closing the popup is not an error; a server failure shows 'Server Error'", async () => {
    msal.loginPopup.mockRejectedValueOnce(msalError("user_cancelled"));
    stubSignedOut(config(false, true), msAuthAnswers(500, "boom"));
    renderApp("/login");
    const button = await screen.findByRole("button", MS_BUTTON);
    fireEvent.click(button);
    await waitFor(() => expect(msal.loginPopup).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button.getAttribute("aria-busy")).toBeNull());
    expect(screen.queryByText(/did not complete/)).toBeNull();

    msal.loginPopup.mockResolvedValueOnce({ idToken: "t", account: null });
    fireEvent.click(button);
    await screen.findByText("Server Error");
    expect(screen.queryByText("Internal Server Error")).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(currentLocation()).toBe("/login");
  });

  it.each([
    ["popup_window_error", "Allow pop-ups for this site to sign in with Microsoft."],
    ["interaction_in_progress", "A Microsoft sign-in is already open in another window."],
    ["network_error", "Microsoft sign-in did not complete. Please try again."],
  ])("Microsoft: MSAL failing with %s tells the user %j and asks nothing of the server", async (code, toast) => {
    msal.loginPopup.mockRejectedValueOnce(msalError(code));
    const fetch = stubSignedOut(config(false, true), msAuthAnswers(200, { token: "never" }));
    renderApp("/login");
    fireEvent.click(await screen.findByRole("button", MS_BUTTON));
    await screen.findByText(toast);
    expect(fetch.mock.calls.some(([u]) => String(u) === "/api/ms-auth/")).toBe(false);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
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
    const assign = vi.spyOn(hardNavigation, "assign").mockImplementation(() => {});
    renderApp("/login"); // hosts the toasts
    // The HTTP layer's error for this very answer (its status and body), not any error at all.
    const failure = await signInWithGoogleCredential({ credential: "bad" }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ statusCode: status, body });
    await screen.findByText(toast);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // A 401 also schedules the HTTP layer's logout (0.5 s): wait until it has run, so it cannot
    // land in the next test.
    if (status === 401) await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?redirect=/)));
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
    const identity = await startImpersonation(7);
    expect(identity).toMatchObject({ email: "client@steel.example", is_impersonated: true });
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
    expect(outcome).toMatchObject({ restored: true, session: { email: "ravi@infrascout.in", is_impersonated: false } });
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
    await screen.findByText("You are impersonating client@steel.example");
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

  it("once the server has ended it, a staff refetch answering 500 still takes the staff member to the users tab, by a full page load", async () => {
    sessionStorage.setItem(STAFF_TOKEN_KEY, "staff-token");
    const assign = vi.spyOn(hardNavigation, "assign").mockImplementation(() => {});
    let impersonating = true;
    const { fetch } = renderSignedIn("/dashboard", makeUser({ is_impersonated: true, email: "client@steel.example" }), (url) => {
      if (url.pathname === "/api/cancel-impersonate/") {
        impersonating = false;
        return jsonResponse(200, { detail: "Impersonation ended." });
      }
      if (url.pathname === "/api/user-info/" && !impersonating) return jsonResponse(500, { detail: "Server Error" });
      return undefined;
    });
    await screen.findByText("You are impersonating client@steel.example");
    fireEvent.click(screen.getByRole("button", { name: "Account menu" }));
    const dropdown = await waitFor(() => document.querySelector(".ant-dropdown-menu") as HTMLElement);
    fireEvent.click(within(dropdown).getByText("Cancel Impersonation"));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/update-projects?tab=users"), { timeout: 3000 });
    expect(assign).toHaveBeenCalledTimes(1); // not also sent to /login
    // the refetch was asked with the restored staff token, and that token stays for the full load
    const staffInfoCalls = fetch.mock.calls.filter(([u, init]) => String(u) === "/api/user-info/" && (init?.headers as Record<string, string>)?.Authorization === "Token staff-token");
    expect(staffInfoCalls.length).toBeGreaterThan(0);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("staff-token");
    assign.mockRestore();
  });

  it("/impersonate/{id} starts at once for staff and opens the dashboard with the banner", async () => {
    const fetch = renderSignedIn("/impersonate/7", makeUser({ id: 2, email: "ravi@infrascout.in", is_staff: true }), (url, init) => {
      if (url.pathname === "/api/impersonate/7/") return jsonResponse(200, { token: "imp-token", user: makeUser({ id: 7, email: "client@steel.example", is_impersonated: true }) });
      if (url.pathname === "/api/user-info/" && (init.headers as Record<string, string>).Authorization === "Token imp-token")
        return jsonResponse(200, makeUser({ id: 7, email: "client@steel.example", is_impersonated: true }));
      return undefined;
    }).fetch;
    await waitFor(() => expect(currentLocation()).toBe("/dashboard"));
    expect((await screen.findByText(/You are impersonating/)).textContent).toBe("You are impersonating client@steel.example");
    expect(fetch.mock.calls.filter(([u]) => String(u) === "/api/impersonate/7/")).toHaveLength(1);
  });

  it("Return to my account (the banner) opens the users tab with the staff member's data as refetched then", async () => {
    let staffCredits = 100; // what the staff member's top bar shows before the impersonation
    renderSignedIn("/impersonate/7", makeUser({ id: 2, email: "ravi@infrascout.in", is_staff: true, remaining_credits: 100, total_credits: 100 }), (url, init) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      if (url.pathname === "/api/impersonate/7/") return jsonResponse(200, { token: "imp-token", user: makeUser({ id: 7, email: "client@steel.example", is_impersonated: true }) });
      if (url.pathname === "/api/cancel-impersonate/") return auth === "Token imp-token" ? jsonResponse(200, { detail: "Impersonation ended." }) : jsonResponse(400, { detail: "You are not impersonating anyone." });
      if (url.pathname === "/api/user-info/" && auth === "Token imp-token") return jsonResponse(200, makeUser({ id: 7, email: "client@steel.example", is_impersonated: true, remaining_credits: 40 }));
      if (url.pathname === "/api/user-info/") return jsonResponse(200, makeUser({ id: 2, email: "ravi@infrascout.in", is_staff: true, remaining_credits: staffCredits, total_credits: 100 }));
      if (url.pathname.startsWith("/api/list/review/search/")) return jsonResponse(200, { count: 0, page: 1, page_size: 20, results: [] });
      if (url.pathname === "/api/user/users/") return jsonResponse(200, { count: 0, page: 1, page_size: 25, results: [] });
      return undefined;
    });
    await screen.findByText("You are impersonating client@steel.example");
    await screen.findByText("Credits: 40 remaining out of total 100");
    staffCredits = 93; // spent meanwhile, e.g. in another tab
    fireEvent.click(screen.getByRole("button", { name: "Return to my account" }));
    await waitFor(() => expect(currentLocation()).toBe("/update-projects?tab=users"), { timeout: 3000 });
    expect(await screen.findByText("Credits: 93 remaining out of total 100")).toBeTruthy();
    expect(screen.queryByText(/You are impersonating/)).toBeNull();
  });

  it("/impersonate/{id} refuses a subscriber without calling the API", async () => {
    const { fetch } = renderSignedIn("/impersonate/7", makeUser());
    await screen.findByText("Staff only");
    expect(currentLocation()).toBe("/impersonate/7");
    expect(fetch.mock.calls.some(([u]) => String(u).includes("impersonate/"))).toBe(false);
  });
});
