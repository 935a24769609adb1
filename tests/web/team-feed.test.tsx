// The Team page's daily feed (issue 20, point 6) in the real app over a stubbed API: an admin sees
// the feed as set up, saves it (PUT team/feed/ with what the form holds) and sends it now; a
// member sees what it sends and its last runs, without the form.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TeamFeedView } from "../../common/team-feed";
import { jsonResponse, makeUser } from "./helpers";
import { renderSignedIn } from "./renderApp";

const member = (id: number, role: string, first_name: string) => ({
  id, user_id: id, email: `${first_name.toLowerCase()}@x.in`, first_name, last_name: "", role, joined_at: "2026-10-01T05:00:00Z", spent_this_month: 0, monthly_cap: null,
});
const team = (role: string) => ({
  id: 7, name: "Menon Cement BD", role, seats: { used: 2, bought: 5 }, credits: { remaining: 60, total: 100 },
  members: [member(1, "owner", "Asha"), member(3, "member", "Divya")], created_at: "2026-10-01T05:00:00Z",
});
const view: TeamFeedView = {
  feed: {
    saved_search_ids: [41], format: "csv", email_to: [1, 3], webhook_id: null, enabled: true, owner: { id: 1, name: "Asha Menon" },
    searches: [{ id: 41, name: "Kerala towers", resource: "/private-construction-leads" }], covered_until: "2026-11-28T01:30:00Z", updated_at: "2026-11-20T05:00:00Z",
  },
  runs: [{ id: 5, started_at: "2026-11-28T01:30:05Z", covered_from: "2026-11-27T01:30:00Z", covered_to: "2026-11-28T01:30:00Z", rows: 12, emailed: 2, posted: false, status: "sent", error: null, manual: false }],
};

function api(role: string, sent: [string, string, unknown][]) {
  return (url: URL, init: RequestInit) => {
    const method = init.method ?? "GET";
    if (url.pathname.startsWith("/api/team/feed/") && method !== "GET") {
      sent.push([method, url.pathname, init.body ? JSON.parse(String(init.body)) : null]);
      return url.pathname.endsWith("send/") ? jsonResponse(200, { status: "sent", rows: 3, emailed: 2, posted: false, error: null }) : jsonResponse(200, view);
    }
    if (url.pathname === "/api/team/feed/") return jsonResponse(200, view);
    if (url.pathname === "/api/team/") return jsonResponse(200, team(role));
    if (url.pathname === "/api/team/invitations/") return jsonResponse(200, []);
    if (url.pathname === "/api/integrations/webhooks/") return jsonResponse(200, []);
    if (url.pathname === "/api/saved-search/") return jsonResponse(200, { count: 1, results: [{ id: 41, name: "Kerala towers", resource: "/private-construction-leads", query: "" }] });
    return undefined;
  };
}

describe("Team page: daily feed", { timeout: 60_000 }, () => {
  it("an admin saves the feed as the form holds it and sends it now", async () => {
    const sent: [string, string, unknown][] = [];
    renderSignedIn("/team", makeUser({ id: 1 }), api("owner", sent));
    const summary = await screen.findByTestId("team-feed-summary", {}, { timeout: 19_000 });
    expect(summary.textContent).toContain("CSV of “Kerala towers”, mailed to Asha, Divya");
    fireEvent.click(screen.getByRole("button", { name: "Save feed" }));
    await waitFor(() => expect(sent[0]).toEqual(["PUT", "/api/team/feed/", { saved_search_ids: [41], format: "csv", email_to: [1, 3], webhook_id: null, enabled: true }]), { timeout: 5000 });
    fireEvent.click(screen.getByRole("button", { name: "Send now" }));
    await waitFor(() => expect(sent.map(([m, p]) => `${m} ${p}`)).toContain("POST /api/team/feed/send/"), { timeout: 5000 });
  });

  it("a member sees what the feed sends and its runs, without the form", async () => {
    renderSignedIn("/team", makeUser({ id: 3 }), api("member", []));
    await screen.findByTestId("team-feed-summary", {}, { timeout: 19_000 });
    expect(screen.queryByRole("button", { name: "Save feed" })).toBeNull();
    const runs = screen.getByRole("region", { name: "Recent feeds" });
    expect(within(runs).getByText(/12 items · mailed to 2 members/)).toBeTruthy();
  });
});
