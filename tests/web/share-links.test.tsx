// The profile page's 'Shared links': the user's live links from share-links/ (title, type,
// created, expires), 'Stop sharing' revoking that one link (DELETE share-links/{id}/) and the list
// refreshing without it; the Share dialog saying until when a new link works; and the staff
// setting for how long new links work.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ShareLinkRow } from "../../common/tenders";
import { formatDateTime } from "../../src/lib/format";
import { LINK_STOPPED_MESSAGE } from "../../src/pages/profile/SharedLinksCard";
import { ShareButton } from "../../src/pages/tenders/ShareButton";
import { SETTINGS_SAVED_MESSAGE } from "../../src/pages/update-projects/SettingsPanel";
import { clearSession } from "../../src/providers/session";
import { jsonResponse, makeUser, stubApi } from "./helpers";
import { preloadPages, renderInApp, renderSignedIn } from "./renderApp";

afterEach(() => clearSession());
// The pages these tests open, loaded once up front (see preloadPages).
beforeAll(() => preloadPages(() => import("../../src/pages/profile/ProfilePage"), () => import("../../src/pages/update-projects/UpdateProjectsPage")), 120_000);

const links: ShareLinkRow[] = [
  { id: 11, item_type: "tender", item_id: 501, title: "Four-laning of NH-48 Pune bypass", created_at: "2026-11-20T05:30:00Z", expires_at: "2026-12-20T05:30:00Z" },
  { id: 12, item_type: "result", item_id: 77, title: "Water supply pipes for Nagpur", created_at: "2026-11-21T05:30:00Z", expires_at: "2026-12-21T05:30:00Z" },
];
const ledger = { count: 0, page: 1, page_size: 20, remaining_credits: 40, total_credits: 100, results: [] };

/** An API holding the user's live links; DELETE share-links/{id}/ takes one away. */
function sharingApi(live: ShareLinkRow[]) {
  const calls: string[] = [];
  const route = (url: URL, init: RequestInit) => {
    const method = init.method ?? "GET";
    if (url.pathname === "/api/credits/ledger/") return jsonResponse(200, ledger);
    if (url.pathname === "/api/share-links/" && method === "GET") {
      calls.push(`GET ${url.pathname}${url.search}`);
      return jsonResponse(200, { count: live.length, page: 1, page_size: 20, results: live });
    }
    const del = /^\/api\/share-links\/(\d+)\/$/.exec(url.pathname);
    if (del && method === "DELETE") {
      calls.push(`DELETE ${url.pathname}`);
      const i = live.findIndex((l) => l.id === Number(del[1]));
      if (i < 0) return jsonResponse(404, { detail: "This link is not one of your live shared links." });
      live.splice(i, 1);
      return jsonResponse(200, { revoked: 1 });
    }
    return undefined;
  };
  return { route, calls };
}

describe("profile: shared links", () => {
  it("lists each live link with its item, type, created and expiry dates", async () => {
    const api = sharingApi([...links]);
    renderSignedIn("/profile", makeUser(), api.route);
    const card = (await screen.findByText("Shared links")).closest("[data-card='shared-links']") as HTMLElement;
    const row = (await within(card).findByRole("link", { name: links[0].title ?? "" })).closest("tr") as HTMLElement;
    expect(within(card).getByRole("link", { name: links[0].title ?? "" }).getAttribute("href")).toBe("/tender/detail/501");
    expect(within(card).getByRole("link", { name: links[1].title ?? "" }).getAttribute("href")).toBe("/result/detail/77");
    // The row's cells in order: the item, its type, created, expires.
    const cells = within(row).getAllByRole("cell").map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual([links[0].title, "Tender", formatDateTime(links[0].created_at), formatDateTime(links[0].expires_at)]);
    expect(within(card).getByText(/links? works?$/).textContent).toBe("2 links work");
    expect(api.calls[0]).toBe("GET /api/share-links/?page=1");
  });

  it("'Stop sharing' revokes that one link and the list no longer shows it", async () => {
    const api = sharingApi([...links]);
    renderSignedIn("/profile", makeUser(), api.route);
    const row = (await screen.findByRole("link", { name: links[0].title ?? "" })).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Stop sharing" }));
    await waitFor(() => expect(api.calls).toContain("DELETE /api/share-links/11/"));
    await screen.findByText(LINK_STOPPED_MESSAGE);
    await waitFor(() => expect(screen.queryByRole("link", { name: links[0].title ?? "" })).toBeNull());
    expect(screen.getByRole("link", { name: links[1].title ?? "" }).getAttribute("href")).toBe("/result/detail/77");
    expect(screen.getByText(/links? works?$/).textContent).toBe("1 link works");
    expect(api.calls.filter((c) => c.startsWith("DELETE"))).toEqual(["DELETE /api/share-links/11/"]);
  });

  it("says so when there are none", async () => {
    renderSignedIn("/profile", makeUser(), sharingApi([]).route);
    await screen.findByText("You have no live shared links");
    expect(screen.queryByRole("button", { name: "Stop sharing" })).toBeNull();
    expect(screen.getByText(/links? works?$/).textContent).toBe("0 links work");
  });
});

describe("staff settings: how long a shared link works", () => {
  it("shows the current value and saves a new one with PATCH settings/", async () => {
    const staff = makeUser({ id: 2, email: "ravi@infrascout.in", is_staff: true });
    const state = { share_link_days: 30, updated_at: "2026-11-01T00:00:00Z", updated_by_email: null as string | null };
    const patches: unknown[] = [];
    renderSignedIn("/update-projects?tab=settings", staff, (url, init) => {
      if (url.pathname !== "/api/settings/") return undefined;
      if ((init.method ?? "GET") === "PATCH") {
        const body = JSON.parse(String(init.body));
        patches.push(body);
        Object.assign(state, body, { updated_by_email: staff.email });
      }
      return jsonResponse(200, state);
    });
    const input = (await screen.findByLabelText("A new shared link works for (days)")) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe("30"));
    fireEvent.change(input, { target: { value: "7" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(patches).toEqual([{ share_link_days: 7 }]));
    await screen.findByText(SETTINGS_SAVED_MESSAGE);
    await screen.findByText(/Last changed by ravi@infrascout\.in/);
    expect(input.value).toBe("7");
  });
});

describe("the Share dialog", () => {
  it("says until when the new link works", async () => {
    const expires = "2026-12-25T06:00:00Z";
    stubApi((url, init) =>
      url.pathname === "/api/tender/5/share/" && init.method === "POST"
        ? jsonResponse(201, { id: 9, uid: "1", tid: "A".repeat(32), path: `/tender/detail/5?uid=1&tid=${"A".repeat(32)}`, created_at: "2026-11-25T06:00:00Z", expires_at: expires })
        : undefined,
    );
    renderInApp(<ShareButton kind="tender" itemId={5} />);
    fireEvent.click(screen.getByRole("button", { name: /Share/ }));
    expect((await screen.findByText(/without signing in until/)).textContent).toContain(`without signing in until ${formatDateTime(expires)}.`);
  });

  it("a click while the link is being issued issues nothing more: one link, one request", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let posts = 0;
    stubApi((url, init) => {
      if (url.pathname !== "/api/tender/5/share/" || init.method !== "POST") return undefined;
      posts += 1;
      return answered.then(() => jsonResponse(201, { id: 9, uid: "1", tid: "A".repeat(32), path: `/tender/detail/5?uid=1&tid=${"A".repeat(32)}`, created_at: "2026-11-25T06:00:00Z", expires_at: "2026-12-25T06:00:00Z" }));
    });
    renderInApp(<ShareButton kind="tender" itemId={5} />);
    const share = screen.getByRole("button", { name: /Share/ });
    fireEvent.click(share);
    await waitFor(() => expect(share.className).toContain("ant-btn-loading"));
    fireEvent.click(share);
    answer();
    await screen.findByText(/without signing in until/);
    expect(posts).toBe(1);
    expect(share.className).not.toContain("ant-btn-loading");
  });
});
