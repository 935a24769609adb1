// Workspace pages in the real app over a stubbed API: My Feed marks only what arrived after the
// last visit and says why each lead matched, then moves the seen mark; 'Save search' on a lister
// saves its route and query (not the page); quick searches describe their filters; preferences saved from My Feed show there as the server answers them.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { savedQuery } from "../../src/components/search/SaveSearchButton";
import { describeQuery } from "../../src/pages/quick-searches/api";
import { formatDateTime } from "../../src/lib/format";
import { jsonResponse, makeUser, preferences } from "./helpers";
import { renderSignedIn } from "./renderApp";

const lead = (id: number, arrived: string, matched: string[]) => ({
  id,
  title: `Feed lead ${id}`,
  category: "construction",
  is_ai: false,
  project_type: ["Hospital"],
  sector: "Healthcare",
  status: "Planning",
  stage: null,
  value: 50_000_000,
  state: "Kerala",
  district: null,
  city: "Kochi",
  owner_name: null,
  retrieved_on: arrived,
  arrived_date: arrived,
  start_date: null,
  completion_date: null,
  mark: "unmarked",
  matched,
});

describe("workspace pages", () => {
  it("My Feed: 'New' only after the last visit, the reasons, then the seen mark moves", async () => {
    const posted: unknown[] = [];
    renderSignedIn("/my-feed", makeUser(), (url, init) => {
      if (url.pathname === "/api/list/my-feed/") {
        return jsonResponse(200, {
          count: 2,
          page: 1,
          page_size: 20,
          results: [lead(1, "2025-03-10T00:00:00Z", ["status: Planning", "value: ₹5 Cr"]), lead(2, "2025-03-01T00:00:00Z", ["status: Planning"])],
        });
      }
      if (url.pathname === "/api/list/my-feed/facets/") return jsonResponse(200, { facets: {} });
      if (url.pathname === "/api/list/my-feed/seen/") {
        if (init.method === "POST") {
          posted.push(JSON.parse(String(init.body)));
          return jsonResponse(200, { seen_at: "2025-03-11T00:00:00.000Z", previous_seen_at: "2025-03-05T00:00:00.000Z" });
        }
        return jsonResponse(200, { seen_at: "2025-03-05T00:00:00.000Z" });
      }
      if (url.pathname === "/api/saved-search/listers/") return jsonResponse(200, { results: [{ route: "/my-feed", label: "My Feed" }] });
      return undefined;
    });
    const first = (await screen.findByText("Feed lead 1", {}, { timeout: 50_000 })).closest(".feed-card") as HTMLElement;
    const second = screen.getByText("Feed lead 2").closest(".feed-card") as HTMLElement;
    await waitFor(() => expect(first.querySelector(".feed-new")?.textContent).toBe("New"));
    expect(within(second).queryByText("New")).toBeNull();
    const reasons = (card: HTMLElement) => [...card.querySelectorAll(".feed-reason")].map((t) => t.textContent);
    expect(reasons(first)).toEqual(["Status: Planning", "Value: ₹5 Cr"]);
    expect(reasons(second)).toEqual(["Status: Planning"]);
    const summary = document.querySelector(".feed-new-summary") as HTMLElement;
    expect(summary.textContent).toBe(` · 1 new on this page since your last visit (${formatDateTime("2025-03-05T00:00:00.000Z")})`);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(typeof (posted[0] as { seen_at: string }).seen_at).toBe("string");
    // The feed can be saved like any lister.
    expect(((await screen.findByRole("button", { name: /Save search/ })) as HTMLButtonElement).disabled).toBe(false);
  }, 60_000);

  it("My Feed: preferences saved in the drawer are the ones the page then shows, as the server answers them", async () => {
    let saved = preferences;
    const patched: unknown[] = [];
    renderSignedIn("/my-feed", makeUser(), (url, init) => {
      if (url.pathname === "/api/user-info/" && init.method === "PATCH") {
        patched.push(JSON.parse(String(init.body)));
        saved = { ...preferences, preferred_states: ["Kerala"] }; // e.g. chosen in another tab meanwhile
        return jsonResponse(200, makeUser());
      }
      if (url.pathname === "/api/user-preferences/") return jsonResponse(200, saved);
      if (url.pathname === "/api/list/my-feed/") return jsonResponse(200, { count: 0, page: 1, page_size: 20, results: [] });
      if (url.pathname === "/api/list/my-feed/facets/") return jsonResponse(200, { facets: {} });
      if (url.pathname === "/api/list/my-feed/seen/") return jsonResponse(200, { seen_at: "2025-03-05T00:00:00.000Z", previous_seen_at: null });
      return undefined;
    });
    const summary = (await screen.findByLabelText("Your feed preferences", {}, { timeout: 50_000 })) as HTMLElement;
    within(summary).getByText("All of India");
    fireEvent.click(within(summary).getByRole("button", { name: /Edit preferences/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Save preferences" }));
    await waitFor(() => expect(patched).toHaveLength(1));
    await within(summary).findByText("Kerala");
    expect(within(summary).queryByText("All of India")).toBeNull();
  }, 60_000);

  it("'Save search' saves the lister's route and query without the page", async () => {
    const saved: unknown[] = [];
    renderSignedIn("/private-construction-leads?q=hospital&oq=hospital&page=3&filter=state:Kerala", makeUser(), (url, init) => {
      if (url.pathname === "/api/list/search/") return jsonResponse(200, { count: 0, page: 3, page_size: 20, results: [] });
      if (url.pathname === "/api/list/search/facets/") return jsonResponse(200, { facets: {} });
      if (url.pathname === "/api/saved-search/listers/") return jsonResponse(200, { results: [{ route: "/private-construction-leads", label: "Construction Projects" }] });
      if (url.pathname === "/api/saved-search/" && init.method === "POST") {
        saved.push(JSON.parse(String(init.body)));
        return jsonResponse(201, { id: 1 });
      }
      return undefined;
    });
    const button = await screen.findByRole("button", { name: /Save search/ }, { timeout: 50_000 });
    // The dialog is not on the page (nor its code loaded) before the click.
    expect(screen.queryByText("Save as quick search")).toBeNull();
    expect(document.querySelector(".ant-modal")).toBeNull();
    fireEvent.click(button);
    const name = await screen.findByLabelText("Name");
    screen.getByRole("dialog", { name: "Save as quick search" });
    expect(button.classList.contains("ant-btn-loading")).toBe(false); // loaded: no longer shown loading
    expect((name as HTMLInputElement).value).toBe("hospital");
    fireEvent.change(name, { target: { value: "Kerala hospitals" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ name: "Kerala hospitals", resource: "/private-construction-leads", query: "q=hospital&oq=hospital&filter=state%3AKerala" });
    await screen.findByText("Saved 'Kerala hospitals' to Quick Searches");
    // Opened again, it starts from the page's search text.
    fireEvent.click(button);
    await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("hospital"));
  }, 60_000);

  it("describes a saved query in words and drops the page from what is saved", () => {
    expect(describeQuery("q=hospital&oq=hospital&filter=state:Kerala&filter=value:[10000000 TO *]&sort=value desc&fresh=true")).toBe(
      "“hospital” · state: Kerala · value: [10000000 TO *] · fresh · sorted by value desc",
    );
    expect(describeQuery("")).toBe("");
    expect(describeQuery("search_all_tenders=true")).toBe("all tenders, not only live");
    expect(savedQuery("?page=2&q=a")).toBe("q=a");
  });
});
