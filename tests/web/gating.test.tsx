// The access gating of spec section 4, rendered through the real routes and layouts.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { decideGate } from "../../src/access/gate";
import { makeUser, stubApi } from "./helpers";
import { currentLocation, preloadPages, renderApp, renderSignedIn } from "./renderApp";

const yesterday = new Date(Date.now() - 864e5).toISOString().slice(0, 10);
const today = new Date().toISOString().slice(0, 10);

// The pages these tests open, loaded once up front (see preloadPages).
beforeAll(() => preloadPages(
  () => import("../../src/pages/onboarding/OnboardingPage"),
  () => import("../../src/pages/dashboard/DashboardPage"),
  () => import("../../src/pages/tenders/TenderListPage"),
  () => import("../../src/pages/leads/LeadListPage"),
  () => import("../../src/pages/auth/LoginPage"),
  () => import("../../src/pages/auth/SignupPage"),
  () => import("../../src/pages/auth/ForgotPasswordPage"),
), 120_000);

describe("gating for a signed-in user", () => {
  it("no preferred project statuses: onboarding first, even before the other checks", async () => {
    renderSignedIn("/live-tenders", makeUser({ preferred_proj_status: [], end_date: null }));
    await screen.findByText("Project statuses to follow");
    expect(currentLocation()).toBe("/onboarding?redirect=%2Flive-tenders");
    expect(screen.queryByRole("heading", { name: "Live Tenders" })).toBeNull();
    expect(screen.queryByText("Your signup has been recorded")).toBeNull();
  });

  it("onboarding: a chosen status card shows one check mark, the checkbox's (issue 17: a double tick)", async () => {
    renderSignedIn("/onboarding", makeUser({ preferred_proj_status: [], end_date: null }));
    const planning = await screen.findByRole("checkbox", { name: "Planning" });
    fireEvent.click(planning);
    await waitFor(() => expect((planning as HTMLInputElement).checked).toBe(true));
    const card = planning.closest(".status-option") as HTMLElement;
    expect(card.className).toMatch(/status-option-on/);
    // The checked box is the mark; no icon beside it.
    expect(card.querySelectorAll(".ant-checkbox-checked").length).toBe(1);
    expect(card.querySelectorAll(".anticon").length).toBe(0);
  });

  it("no subscription end date: 'Your signup has been recorded' with its text and a support link", async () => {
    renderSignedIn("/dashboard", makeUser({ end_date: null }));
    await screen.findByText("Your signup has been recorded");
    expect(screen.getByText(/^Thank you for signing up/).textContent).toBe("Thank you for signing up! We have received your details and will contact you soon.");
    expect(screen.getByRole("link", { name: /contact support/i }).getAttribute("href")).toBe("mailto:support@infrascout.in");
    expect(screen.queryByText("Dashboard", { selector: "h1" })).toBeNull();
  });

  it("subscription ended: 'User Subscription Expired'", async () => {
    renderSignedIn("/dashboard", makeUser({ end_date: yesterday }));
    await screen.findByText("User Subscription Expired");
    expect(screen.getByRole("link", { name: /contact support/i }).getAttribute("href")).toBe("mailto:support@infrascout.in");
    expect(screen.queryByText(/^Credits:/)).toBeNull(); // the dashboard is not behind it
  });

  it("a subscription ending today still works today", async () => {
    renderSignedIn("/dashboard", makeUser({ end_date: today }));
    expect((await screen.findByText(/^Credits:/)).textContent).toBe("Credits: 40 remaining out of total 100");
    expect(screen.queryByText("User Subscription Expired")).toBeNull();
  });

  it("an impersonated session skips all three checks and shows the banner", async () => {
    renderSignedIn("/dashboard", makeUser({ is_impersonated: true, preferred_proj_status: [], end_date: null, email: "client@steel.example" }));
    expect((await screen.findByText(/^You are impersonating/)).textContent).toBe("You are impersonating client@steel.example");
    expect(screen.getByText(/^Credits:/).textContent).toBe("Credits: 40 remaining out of total 100");
    expect(currentLocation()).toBe("/dashboard");
  });

  it("an active subscriber gets the page", async () => {
    renderSignedIn("/live-tenders", makeUser());
    await screen.findByRole("heading", { name: "Live Tenders" });
    expect(currentLocation()).toBe("/live-tenders");
    expect(screen.queryByText("User Subscription Expired")).toBeNull();
    expect(screen.queryByText("Your signup has been recorded")).toBeNull();
  });
});

describe("signed-in and signed-out routes", () => {
  it("a signed-out visitor goes to /login with the path and query as redirect", async () => {
    stubApi(() => undefined);
    renderApp("/builders?page=2");
    await waitFor(() => expect(currentLocation()).toBe("/login?redirect=%2Fbuilders%3Fpage%3D2"));
    expect(((await screen.findByLabelText("Username or e-mail")) as HTMLInputElement).value).toBe(""); // the sign-in form, empty
  });

  it("a signed-in user on /login, /signup or /forgot-password goes to construction leads", async () => {
    for (const path of ["/login", "/signup", "/forgot-password"]) {
      const view = renderSignedIn(path, makeUser());
      await screen.findByRole("heading", { name: "Construction Projects" });
      expect(currentLocation()).toBe("/private-construction-leads");
      view.unmount();
    }
  });

  it("/ redirects to /dashboard", async () => {
    renderSignedIn("/", makeUser());
    await screen.findByRole("heading", { name: "Dashboard" });
    expect(currentLocation()).toBe("/dashboard");
  });

  it("an unknown path shows Page Not Found linking to industrial leads", async () => {
    stubApi(() => undefined);
    renderApp("/no/such/page");
    await screen.findByText("Page Not Found");
    expect(screen.getByRole("link", { name: /industrial/i }).getAttribute("href")).toBe("/private-industrial-leads");
    expect(screen.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("link", { name: "Signup" }).getAttribute("href")).toBe("/signup");
  });

  it("if loading the user fails, the user is signed out", async () => {
    localStorage.setItem("infrascout_token", "broken");
    stubApi((url) => (url.pathname === "/api/user-info/" ? new Response("{}", { status: 502 }) : undefined));
    renderApp("/dashboard");
    await waitFor(() => expect(currentLocation()).toBe("/login?redirect=%2Fdashboard"));
    expect(localStorage.getItem("infrascout_token")).toBeNull();
  });

  it("a session fetch cut off because the page is being left keeps the token for the next page", async () => {
    localStorage.setItem("infrascout_token", "kept");
    // The browser cancels the page's requests as it starts leaving it (a typed address, a reload).
    stubApi((url) => {
      if (url.pathname !== "/api/user-info/") return undefined;
      window.dispatchEvent(new Event("beforeunload"));
      return Promise.reject(new TypeError("Failed to fetch"));
    });
    try {
      renderApp("/dashboard");
      await waitFor(() => expect(currentLocation()).toBe("/login?redirect=%2Fdashboard"));
      expect(localStorage.getItem("infrascout_token")).toBe("kept");
    } finally {
      window.dispatchEvent(new Event("pageshow"));
    }
  });
});

describe("decideGate", () => {
  it("checks in the spec's order", () => {
    const now = new Date("2025-06-10T12:00:00");
    expect(decideGate({ preferred_proj_status: [], end_date: null, is_impersonated: false }, now)).toBe("onboarding");
    expect(decideGate({ preferred_proj_status: [], end_date: "2020-01-01", is_impersonated: false }, now)).toBe("onboarding");
    expect(decideGate({ preferred_proj_status: ["Planning"], end_date: null, is_impersonated: false }, now)).toBe("signup-recorded");
    expect(decideGate({ preferred_proj_status: ["Planning"], end_date: "2025-06-09", is_impersonated: false }, now)).toBe("subscription-expired");
    expect(decideGate({ preferred_proj_status: ["Planning"], end_date: "2025-06-10", is_impersonated: false }, now)).toBe("open");
    expect(decideGate({ preferred_proj_status: [], end_date: "2020-01-01", is_impersonated: true }, now)).toBe("open");
  });
});
