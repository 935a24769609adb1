// The signed-in routes come from the resource list (src/resources): every spec path opens its
// page behind its resource's access rule, and authProvider.check answers the spec's gating.
import { screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { TOKEN_STORAGE_KEY } from "../../common/constants";
import { Pages } from "../../src/pages";
import { authProvider } from "../../src/providers/authProvider";
import { clearSession } from "../../src/providers/session";
import { resourceRoutes } from "../../src/resources/routes";
import { makeUser, stubApi, stubSignedInApi } from "./helpers";
import { currentLocation, preloadPages, renderSignedIn } from "./renderApp";

beforeAll(() => preloadPages(() => import("../../src/pages/impersonate/ImpersonatePage"), () => import("../../src/pages/errors/NotFoundPage")), 120_000);

/** Spec section 2's signed-in paths and the page each opens (as AppRoutes wrote them by hand before). */
const SPEC_ROUTES: [string, unknown][] = [
  ["/dashboard", Pages.Dashboard],
  ["/reminders", Pages.Reminders],
  ["/project-calendar", Pages.ProjectCalendar],
  ["/my-feed", Pages.MyFeed],
  ["/quick-searches", Pages.QuickSearches],
  ["/email-alerts", Pages.EmailAlerts],
  ["/profile", Pages.Profile],
  ["/ai-leads", Pages.AiLeads],
  ["/private-industrial-leads", Pages.IndustrialLeads],
  ["/private-construction-leads", Pages.ConstructionLeads],
  ["/private-industrial-leads-new", Pages.IndustrialLeadsNew],
  ["/private-construction-leads-new", Pages.ConstructionLeadsNew],
  ["/private-leads/detail/:id", Pages.LeadDetail],
  ["/private-construction-leads/detail/:id", Pages.LeadDetail],
  ["/private-industrial-leads/detail/:id", Pages.LeadDetail],
  ["/private-leads/detail/:id/qa-tool", Pages.QaTool],
  ["/project-detail-new/:id", Pages.LeadDetail],
  ["/live-tenders", Pages.Tenders],
  ["/tender/detail/:id", Pages.TenderDetail],
  ["/tender/ai-detail/:id", Pages.TenderAiDetail],
  ["/results", Pages.Results],
  ["/result/detail/:id", Pages.ResultDetail],
  ["/your-competitors", Pages.Competitors],
  ["/builders", Pages.Builders],
  ["/builder/detail/:id", Pages.BuilderDetail],
  ["/builder/contacts/:id", Pages.BuilderContacts],
  ["/unlocked-companies", Pages.UnlockedCompanies],
  ["/company-financial-data/:id", Pages.CompanyFinancialData],
  ["/impersonate/:id", Pages.Impersonate],
  ["/update-projects", Pages.UpdateProjects],
  ["/update-projects/detail/:id", Pages.UpdateProjectDetail],
  // Issue 19: the notifications of changes to what a user follows (reached from the top bar's bell).
  ["/notifications", Pages.Notifications],
  // Issue 20: the user's team (reached from the account menu).
  ["/team", Pages.Team],
  // Issue 20: what teammates assigned to the user (reached from the account menu).
  ["/assignments", Pages.Assignments],
];

describe("routes generated from the resources", () => {
  it("are exactly the spec's signed-in paths, each with its page", () => {
    const generated = resourceRoutes().map((r): [string, unknown] => [r.path, r.page]);
    expect(new Map(generated)).toEqual(new Map(SPEC_ROUTES));
    expect(generated).toHaveLength(SPEC_ROUTES.length); // no path twice
  });

  it("guard each path with its resource's rule; the staff area and impersonation refuse in their own way", () => {
    const byPath = new Map(resourceRoutes().map((r) => [r.path, r]));
    expect(byPath.get("/update-projects")).toMatchObject({ resource: "update-projects", action: "list", denied: Pages.NotFound });
    expect(byPath.get("/update-projects/detail/:id")).toMatchObject({ resource: "update-projects", action: "show", denied: Pages.NotFound });
    expect(byPath.get("/project-detail-new/:id")).toMatchObject({ resource: "leads", action: "show" });
    expect(byPath.get("/impersonate/:id")).toMatchObject({ resource: "impersonate", denied: Pages.ImpersonateRefused });
  });

  it("a subscriber gets the 404 page at the staff area's detail path too", async () => {
    renderSignedIn("/update-projects/detail/5", makeUser());
    await screen.findByText("Page Not Found");
    expect(currentLocation()).toBe("/update-projects/detail/5");
  });

  it("a subscriber opening /impersonate/{id} is told it is for staff, and nothing is asked of the server", async () => {
    const { fetch } = renderSignedIn("/impersonate/7", makeUser());
    await screen.findByText("Staff only");
    expect(fetch.mock.calls.map(([u]) => String(u))).not.toContain("/api/impersonate/7/");
  });
});

describe("authProvider.check: the spec's gating", () => {
  const check = async (user: ReturnType<typeof makeUser>) => {
    clearSession();
    localStorage.setItem(TOKEN_STORAGE_KEY, `t-${Math.random()}`);
    stubSignedInApi(user);
    return authProvider.check!();
  };
  const yesterday = new Date(Date.now() - 864e5).toISOString().slice(0, 10);

  it("sends a user without preferred statuses to onboarding, before the other checks", async () => {
    expect(await check(makeUser({ preferred_proj_status: [], end_date: null }))).toMatchObject({ authenticated: false, redirectTo: "/onboarding" });
  });

  it("answers 'signup recorded' and 'subscription expired' as pages, not redirects", async () => {
    const recorded = await check(makeUser({ end_date: null }));
    expect(recorded).toMatchObject({ authenticated: false, error: { name: "signup-recorded" } });
    expect(recorded.redirectTo).toBeUndefined();
    const expired = await check(makeUser({ end_date: yesterday }));
    expect(expired).toMatchObject({ authenticated: false, error: { name: "subscription-expired", message: "User Subscription Expired" } });
    expect(expired.redirectTo).toBeUndefined();
  });

  it("lets a subscriber and an impersonated session through", async () => {
    expect(await check(makeUser())).toEqual({ authenticated: true });
    expect(await check(makeUser({ is_impersonated: true, preferred_proj_status: [], end_date: null }))).toEqual({ authenticated: true });
  });

  it("signed out, or the session cannot be fetched: to /login, and the token is dropped", async () => {
    clearSession();
    localStorage.clear();
    expect(await authProvider.check!()).toEqual({ authenticated: false, redirectTo: "/login" });
    localStorage.setItem(TOKEN_STORAGE_KEY, "dead");
    stubApi(() => undefined); // every call 404s
    expect(await authProvider.check!()).toMatchObject({ authenticated: false, logout: true, redirectTo: "/login" });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
