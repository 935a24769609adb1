// The Team page in the real app over a stubbed API (issue 20): an admin sees the seats, members
// with roles and pending invitations, invites by e-mail and is told plainly when every seat is
// taken; a member sees the team without the admin's controls; one in no team can create one.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, makeUser, stubApi } from "./helpers";
import { renderApp, renderSignedIn } from "./renderApp";

const member = (id: number, role: string, first_name: string, email: string, spent_this_month = 0, monthly_cap: number | null = null) => ({
  id, user_id: id, email, first_name, last_name: "", role, joined_at: "2026-10-01T05:00:00Z", spent_this_month, monthly_cap,
});
const team = (role: string, used = 3) => ({
  id: 7,
  name: "Menon Cement BD",
  role,
  seats: { used, bought: 5 },
  credits: { remaining: 60, total: 100 },
  members: [member(1, "owner", "Asha", "asha@x.in"), member(2, "admin", "Arjun", "arjun@x.in", 12), member(3, "member", "Divya", "divya@x.in", 4, 10)],
  created_at: "2026-10-01T05:00:00Z",
});
const invitation = { id: 11, email: "new@x.in", role: "member", created_at: "2026-11-20T05:00:00Z", expires_at: "2026-11-27T05:00:00Z", invited_by_name: "Asha" };

describe("Team page", { timeout: 60_000 }, () => {
  it("shows an admin the seats, members with roles and pending invitations, and says why an invitation is refused", async () => {
    const posted: unknown[] = [];
    renderSignedIn("/team", makeUser({ id: 1 }), (url, init) => {
      if (url.pathname === "/api/team/") return jsonResponse(200, team("owner"));
      if (url.pathname === "/api/team/invitations/" && init.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(409, { detail: "All 5 seats of your team are in use. Remove a member, withdraw an invitation or add seats before inviting." });
      }
      if (url.pathname === "/api/team/invitations/") return jsonResponse(200, [invitation]);
      return undefined;
    });
    expect(await screen.findByTestId("team-seats", {}, { timeout: 19_000 })).toHaveProperty("textContent", "3 of 5 in use");
    const members = screen.getByRole("list", { name: "Team members" });
    expect(within(members).getAllByRole("listitem")).toHaveLength(3);
    expect(within(members).getByText("Owner")).toBeTruthy();
    expect(within(members).getAllByLabelText("Role of Divya").length).toBeGreaterThan(0);
    expect(within(members).getByRole("button", { name: "Remove Divya" })).toBeTruthy();
    expect(within(members).queryByRole("button", { name: "Remove Asha" })).toBeNull(); // the owner stays
    const pending = await screen.findByRole("list", { name: "Pending invitations" });
    expect(within(pending).getByText("new@x.in")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "sixth@x.in" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/All 5 seats of your team are in use/);
    expect(posted).toEqual([{ email: "sixth@x.in", role: "member" }]);
  });

  it("shows a member the team without the admin's controls", async () => {
    renderSignedIn("/team", makeUser({ id: 3 }), (url) => {
      if (url.pathname === "/api/team/") return jsonResponse(200, team("member"));
      return undefined;
    });
    await screen.findByTestId("team-seats", {}, { timeout: 19_000 });
    expect(screen.queryByRole("button", { name: "Send invitation" })).toBeNull();
    expect(screen.queryAllByLabelText("Role of Divya")).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Leave the team" })).toBeTruthy();
    expect(screen.getByTestId("team-pool").textContent).toContain("60 of 100 credits remaining");
    expect(screen.queryByRole("region", { name: "Monthly caps" })).toBeNull();
  });

  it("shows the credit pool and each member's month as bars; an admin sets a member's monthly cap", async () => {
    const patched: unknown[] = [];
    renderSignedIn("/team", makeUser({ id: 1 }), (url, init) => {
      if (url.pathname === "/api/team/members/3/" && init.method === "PATCH") {
        patched.push(JSON.parse(String(init.body)));
        return jsonResponse(200, team("owner"));
      }
      if (url.pathname === "/api/team/") return jsonResponse(200, team("owner"));
      if (url.pathname === "/api/team/invitations/") return jsonResponse(200, []);
      return undefined;
    });
    expect((await screen.findByTestId("team-pool", {}, { timeout: 19_000 })).textContent).toContain("60 of 100 credits remaining");
    const chart = screen.getByRole("img", { name: /Credits spent this month by member/ });
    expect(chart.textContent).toContain("Arjun");
    const caps = screen.getByRole("region", { name: "Monthly caps" });
    expect(within(caps).getByText(/spent 4 of 10 this month/)).toBeTruthy();
    expect(within(caps).queryByLabelText("Monthly cap of Asha")).toBeNull(); // the owner has none
    fireEvent.change(within(caps).getByLabelText("Monthly cap of Divya"), { target: { value: "25" } });
    fireEvent.click(within(caps).getByRole("button", { name: "Save the cap of Divya" }));
    await waitFor(() => expect(patched).toEqual([{ monthly_cap: 25 }]), { timeout: 5000 });
  });

  it("offers one in no team to create a team, and shows it once created", async () => {
    let created = false;
    renderSignedIn("/team", makeUser({ id: 1 }), (url, init) => {
      if (url.pathname === "/api/team/" && init.method === "POST") {
        created = true;
        return jsonResponse(201, { ...team("owner", 1), members: [member(1, "owner", "Asha", "asha@x.in")] });
      }
      if (url.pathname === "/api/team/") return created ? jsonResponse(200, { ...team("owner", 1), members: [member(1, "owner", "Asha", "asha@x.in")] }) : jsonResponse(404, { detail: "You are not in a team yet." });
      if (url.pathname === "/api/team/invitations/") return jsonResponse(200, []);
      return undefined;
    });
    fireEvent.change(await screen.findByLabelText("Team name", {}, { timeout: 19_000 }), { target: { value: "Menon Cement BD" } });
    fireEvent.click(screen.getByRole("button", { name: "Create team" }));
    await waitFor(() => expect(screen.getByTestId("team-seats").textContent).toBe("1 of 5 in use"), { timeout: 5000 });
  });

  it("joins from the invitation link as a new user: first name and password, then signs in with them", async () => {
    localStorage.clear();
    const sent: [string, unknown][] = [];
    stubApi((url, init) => {
      if (init.method === "POST") sent.push([url.pathname, JSON.parse(String(init.body))]);
      if (url.pathname === "/api/team/join/") return jsonResponse(201, { team_id: 7, team_name: "Menon Cement BD", role: "member", email: "new@x.in", token: "t1" });
      if (url.pathname === "/api/login/") return jsonResponse(200, { token: "t2" });
      return undefined;
    });
    renderApp("/team/join?token=abc123");
    fireEvent.change(await screen.findByLabelText("First name", {}, { timeout: 19_000 }), { target: { value: "Nita" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Strong#pass1" } });
    fireEvent.click(screen.getByRole("button", { name: "Create account and join" }));
    await waitFor(() => expect(sent.map(([p]) => p)).toEqual(["/api/team/join/", "/api/login/"]), { timeout: 5000 });
    expect(sent[0][1]).toEqual({ token: "abc123", first_name: "Nita", password: "Strong#pass1" });
    expect(sent[1][1]).toEqual({ username: "new@x.in", password: "Strong#pass1" });
  });

  it("says plainly why a spent link does not join", async () => {
    localStorage.clear();
    stubApi((url) => (url.pathname === "/api/team/join/" ? jsonResponse(410, { detail: "This invitation has expired. Ask your team's admin for a new one." }) : undefined));
    renderApp("/team/join?token=old");
    fireEvent.change(await screen.findByLabelText("First name", {}, { timeout: 19_000 }), { target: { value: "Nita" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Strong#pass1" } });
    fireEvent.click(screen.getByRole("button", { name: "Create account and join" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/This invitation has expired/);
  });
});
