// The top bar and side menu as a user sees them.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { selectedMenuKey } from "../../src/components/layout/menuItems";
import { makeUser, jsonResponse } from "./helpers";
import { currentLocation, preloadPages, renderSignedIn } from "./renderApp";
import { setViewportWidth } from "./setup";

const menu = () => screen.getAllByRole("menu")[0];

// The pages these tests open, loaded once up front (see preloadPages).
beforeAll(() => preloadPages(
  () => import("../../src/pages/dashboard/DashboardPage"),
  () => import("../../src/pages/update-projects/UpdateProjectsPage"),
  () => import("../../src/pages/builders/BuilderContactsPage"),
  () => import("../../src/pages/quick-searches/QuickSearchesPage"),
), 120_000);

describe("top bar", () => {
  it("shows the credits text, with a negative balance as 0", async () => {
    renderSignedIn("/dashboard", makeUser({ remaining_credits: -7, total_credits: 50 }));
    expect((await screen.findByText(/^Credits:/)).textContent).toBe("Credits: 0 remaining out of total 50");
  });

  it("links Quick Searches and Reminders on a wide screen, and the avatar menu has name, e-mail, Profile, Logout", async () => {
    renderSignedIn("/dashboard", makeUser({ first_name: "Ravi", email: "ravi@steel.example" }));
    expect((await screen.findByRole("link", { name: "Quick Searches" })).getAttribute("href")).toBe("/quick-searches");
    expect(screen.getByRole("link", { name: "Reminders" }).getAttribute("href")).toBe("/reminders");
    fireEvent.click(screen.getByRole("button", { name: "Account menu" }));
    const dropdown = await waitFor(() => document.querySelector(".ant-dropdown-menu") as HTMLElement);
    within(dropdown).getByText("ravi@steel.example");
    expect(within(dropdown).getAllByText("Ravi").length).toBeGreaterThan(0);
    const items = within(dropdown).getAllByRole("menuitem").map((n) => n.textContent);
    expect(items).toEqual(expect.arrayContaining(["Profile", "Logout"]));
    expect(within(dropdown).queryByText("Cancel Impersonation")).toBeNull();
    expect(within(dropdown).queryByText("Quick Searches")).toBeNull();
  });

  it("under 770px Quick Searches and Reminders move into the avatar menu; 'User' when there is no first name", async () => {
    setViewportWidth(700);
    renderSignedIn("/dashboard", makeUser({ first_name: "" }));
    await screen.findByText("Credits: 40 remaining out of total 100");
    expect(screen.queryByRole("link", { name: "Quick Searches" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Account menu" }));
    const dropdown = await waitFor(() => document.querySelector(".ant-dropdown-menu") as HTMLElement);
    within(dropdown).getByText("User");
    expect(within(dropdown).queryByText("Asha")).toBeNull();
    fireEvent.click(within(dropdown).getByText("Quick Searches"));
    await waitFor(() => expect(currentLocation()).toBe("/quick-searches"));
  });

  it("offers Cancel Impersonation when impersonating, which calls the API and refetches the user", async () => {
    let impersonating = true;
    sessionStorage.setItem("infrascout_staff_token", "staff-token"); // kept when the impersonation started
    const { fetch } = renderSignedIn("/dashboard", makeUser({ is_impersonated: true, email: "client@steel.example" }), (url) => {
      if (url.pathname === "/api/cancel-impersonate/") {
        impersonating = false;
        return jsonResponse(200, {});
      }
      if (url.pathname === "/api/user-info/") return jsonResponse(200, makeUser({ is_impersonated: impersonating, email: impersonating ? "client@steel.example" : "staff@infrascout.in", is_staff: !impersonating }));
      return undefined;
    });
    await screen.findByText("You are impersonating client@steel.example");
    fireEvent.click(screen.getByRole("button", { name: "Account menu" }));
    const dropdown = await waitFor(() => document.querySelector(".ant-dropdown-menu") as HTMLElement);
    fireEvent.click(within(dropdown).getByText("Cancel Impersonation"));
    await waitFor(() => expect(screen.queryByText(/You are impersonating/)).toBeNull(), { timeout: 3000 });
    expect(fetch.mock.calls.some(([u]) => String(u) === "/api/cancel-impersonate/")).toBe(true);
  });
});

describe("side menu", () => {
  const ITEMS = ["Home", "Dashboard", "My Feed", "Private Sector", "Projects", "Construction", "Industrial", "Builders", "Email Alerts", "Public Sector", "Tenders", "Results"];

  it("has exactly the spec's groups and items for a subscriber, without Update Projects", async () => {
    renderSignedIn("/dashboard", makeUser());
    await screen.findByText("Credits: 40 remaining out of total 100");
    const texts = within(menu())
      .getAllByRole("menuitem")
      .map((n) => n.textContent);
    expect(texts).toEqual(ITEMS);
    expect(within(menu()).queryByText("Update Projects")).toBeNull();
  });

  it("adds Update Projects for staff, in its place, and the route opens", async () => {
    renderSignedIn("/dashboard", makeUser({ is_staff: true, email: "staff@infrascout.in" }));
    await screen.findByText("Credits: 40 remaining out of total 100");
    const texts = within(menu())
      .getAllByRole("menuitem")
      .map((n) => n.textContent);
    expect(texts).toEqual([...ITEMS.slice(0, 9), "Update Projects", ...ITEMS.slice(9)]);
    fireEvent.click(within(menu()).getByText("Update Projects"));
    await screen.findByRole("heading", { name: "Update Projects" });
    expect(currentLocation()).toBe("/update-projects");
  });

  it("hides Update Projects from a staff member impersonating a subscriber (the same CASL rules as the server)", async () => {
    renderSignedIn("/dashboard", makeUser({ is_staff: true, is_impersonated: true, email: "staff@infrascout.in" }));
    await screen.findByText("Credits: 40 remaining out of total 100");
    const texts = within(menu())
      .getAllByRole("menuitem")
      .map((n) => n.textContent);
    expect(texts).toEqual(ITEMS);
  });

  it("a subscriber typing /update-projects gets Page Not Found", async () => {
    renderSignedIn("/update-projects", makeUser());
    await screen.findByText("Page Not Found");
    expect(screen.queryByRole("heading", { name: "Update Projects" })).toBeNull();
  });

  it("staff by flag but not by remembered e-mail domain do not get the routes", async () => {
    renderSignedIn("/update-projects", makeUser({ is_staff: true, email: "someone@gmail.com" }));
    await screen.findByText("Page Not Found");
    expect(screen.queryByRole("heading", { name: "Update Projects" })).toBeNull();
  });

  it("a staff-domain e-mail without the staff flag is stopped by the access check", async () => {
    renderSignedIn("/update-projects", makeUser({ is_staff: false, email: "intern@infrascout.in" }));
    await screen.findByText("Page Not Found");
    expect(screen.queryByRole("heading", { name: "Update Projects" })).toBeNull();
  });

  it("highlights the parent item on detail pages", async () => {
    renderSignedIn("/builder/contacts/12", makeUser());
    await screen.findByRole("heading", { name: "Builder Contacts" });
    expect(document.querySelector(".ant-menu-item-selected")?.textContent).toBe("Builders");
    expect(selectedMenuKey("/builder/detail/3")).toBe("/builders");
    expect(selectedMenuKey("/tender/detail/3")).toBe("/live-tenders");
    expect(selectedMenuKey("/tender/ai-detail/3")).toBe("/live-tenders");
    expect(selectedMenuKey("/result/detail/3")).toBe("/results");
    expect(selectedMenuKey("/results")).toBe("/results");
    expect(selectedMenuKey("/private-industrial-leads/detail/9")).toBe("/private-industrial-leads");
    expect(selectedMenuKey("/reminders")).toBeUndefined();
  });

  it("starts collapsed under 768px and is a drawer under 576px", async () => {
    setViewportWidth(700);
    const view = renderSignedIn("/dashboard", makeUser());
    await screen.findByText("Credits: 40 remaining out of total 100");
    expect(document.querySelector(".ant-layout-sider")?.className).toMatch(/ant-layout-sider-collapsed/);
    view.unmount();

    setViewportWidth(390);
    renderSignedIn("/dashboard", makeUser());
    await screen.findByText("Credits: 40 remaining out of total 100");
    expect(document.querySelector(".ant-layout-sider")).toBeNull();
    expect(screen.queryByText("Email Alerts")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    expect((await screen.findByText("Email Alerts")).closest(".ant-drawer")).not.toBeNull(); // in the drawer
    const wrapper = document.querySelector(".ant-drawer-content-wrapper") as HTMLElement;
    expect(wrapper.style.width).toBe("200px");
  });

  it("is 175px wide on a wide screen", async () => {
    renderSignedIn("/dashboard", makeUser());
    await screen.findByText("Credits: 40 remaining out of total 100");
    expect((document.querySelector(".ant-layout-sider") as HTMLElement).style.width).toBe("175px");
  });
});
