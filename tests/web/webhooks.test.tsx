// Integrations on the Team page (issue 20, point 4) in the real app over a stubbed API: an admin sees
// the team's webhooks (the secret's hint only), adds one with its events and is told plainly why a
// URL is refused, opens a webhook's deliveries (times in IST) and replays one; a plain member sees
// no integrations at all.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, makeUser } from "./helpers";
import { renderSignedIn } from "./renderApp";

const member = (id: number, role: string, first_name: string) => ({ id, user_id: id, email: `${first_name.toLowerCase()}@x.in`, first_name, last_name: "", role, joined_at: "2026-10-01T05:00:00Z" });
const team = (role: string) => ({
  id: 7,
  name: "Menon Cement BD",
  role,
  seats: { used: 2, bought: 5 },
  credits: { remaining: 60, total: 100 },
  members: [member(1, "owner", "Asha"), member(3, "member", "Divya")],
  created_at: "2026-10-01T05:00:00Z",
});
const hook = { id: 5, url: "https://crm.example.com/hooks/infrascout", events: ["lead.shortlisted", "item.changed"], secret_hint: "…f00d", active: true, created_at: "2026-11-20T05:00:00Z", created_by_name: "Asha" };
const delivery = {
  id: 41,
  delivery_id: "6f1c2a4e-1111-4c1e-9a57-0d7b7f3a0001",
  event: "lead.shortlisted",
  event_id: "0e0b4c4e-2222-4c1e-9a57-0d7b7f3a0002",
  status: "pending",
  attempts: 2,
  last_status_code: 500,
  last_error: "HTTP 500 Internal Server Error",
  last_attempt_at: "2026-11-25T09:45:09Z",
  next_attempt_at: "2026-11-25T10:15:09Z",
  delivered_at: null,
  created_at: "2026-11-25T09:44:00Z",
  replay_of: null,
};

describe("Integrations on the Team page", { timeout: 60_000 }, () => {
  it("lists an admin's webhooks, adds one, refuses a private URL plainly, shows deliveries in IST and replays one", async () => {
    const posted: [string, unknown][] = [];
    renderSignedIn("/team", makeUser({ id: 1 }), (url, init) => {
      const method = init.method ?? "GET";
      if (url.pathname === "/api/team/") return jsonResponse(200, team("owner"));
      if (url.pathname === "/api/team/invitations/") return jsonResponse(200, []);
      if (url.pathname === "/api/integrations/webhooks/" && method === "POST") {
        const body = JSON.parse(String(init.body));
        posted.push([url.pathname, body]);
        return body.url.includes("10.0.0.5")
          ? jsonResponse(400, { url: ["This address is private or local: webhooks must reach a public address."] })
          : jsonResponse(201, { ...hook, id: 6, url: body.url, events: body.events });
      }
      if (url.pathname === "/api/integrations/webhooks/") return jsonResponse(200, [hook]);
      if (url.pathname === "/api/integrations/webhooks/5/deliveries/") return jsonResponse(200, { count: 1, page: 1, page_size: 50, results: [delivery] });
      if (url.pathname === "/api/integrations/webhooks/5/deliveries/41/replay/" && method === "POST") {
        posted.push([url.pathname, null]);
        return jsonResponse(201, { ...delivery, id: 42, attempts: 0, replay_of: 41 });
      }
      return undefined;
    });
    const list = await screen.findByRole("list", { name: "Webhooks" }, { timeout: 19_000 });
    expect(within(list).getByText(hook.url)).toBeTruthy();
    expect(within(list).getByText(/secret …f00d/)).toBeTruthy();
    expect(within(list).getByText("item.changed")).toBeTruthy();

    // A refused URL: the server's reason under the form.
    fireEvent.change(screen.getByLabelText("URL"), { target: { value: "https://10.0.0.5/hook" } });
    fireEvent.change(screen.getByLabelText("Signing secret"), { target: { value: "0123456789abcdef0123" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /^contact\.unlocked/ }));
    fireEvent.click(screen.getByRole("button", { name: "Add webhook" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/private or local/);
    expect(posted[0]).toEqual(["/api/integrations/webhooks/", { url: "https://10.0.0.5/hook", secret: "0123456789abcdef0123", events: ["lead.shortlisted", "contact.unlocked"] }]);

    // Deliveries: status, tries, the last answer, times in IST.
    fireEvent.click(screen.getByRole("button", { name: `Deliveries of ${hook.url}` }));
    const table = await screen.findByRole("table", { name: `Deliveries of ${hook.url}` });
    await within(table).findByText("Retrying");
    expect(within(table).getByText("2 of 7")).toBeTruthy();
    expect(within(table).getByText("HTTP 500 Internal Server Error")).toBeTruthy();
    expect(within(table).getByText(/25 Nov, 2026 03:15 PM IST/)).toBeTruthy(); // 09:45 UTC
    fireEvent.click(within(table).getByRole("button", { name: `Replay delivery ${delivery.delivery_id}` }));
    await waitFor(() => expect(posted.map(([p]) => p)).toContain("/api/integrations/webhooks/5/deliveries/41/replay/"), { timeout: 5000 });
  });

  it("shows a plain member no integrations", async () => {
    let asked = false;
    renderSignedIn("/team", makeUser({ id: 3 }), (url) => {
      if (url.pathname === "/api/team/") return jsonResponse(200, team("member"));
      if (url.pathname.startsWith("/api/integrations/")) asked = true;
      return undefined;
    });
    await screen.findByTestId("team-seats", {}, { timeout: 19_000 });
    expect(screen.queryByRole("list", { name: "Webhooks" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add webhook" })).toBeNull();
    expect(asked).toBe(false);
  });
});
