// "Assigned to me" and the Assign dialog (issue 20) in the real app over a stubbed API: the page
// lists what teammates gave the user with its due date in IST and overdue said in words, its
// filters (scope, status, item type, overdue) reach the API and the URL, "Mark done" sends the
// change; a user in no team is told where teams are. The dialog offers the teammates, says who
// has the item open already, sends the assignment and puts a refusal beside its field.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Assignment } from "../../common/assignments";
import { AssignDialog } from "../../src/components/assignments/AssignDialog";
import { Pages } from "../../src/pages";
import { jsonResponse, makeUser, stubApi } from "./helpers";
import { currentLocation, preloadPages, renderInApp, renderSignedIn } from "./renderApp";

const member = (id: number, role: string, first_name: string) => ({ id, user_id: id, email: `${first_name.toLowerCase()}@x.in`, first_name, last_name: "", role, joined_at: "2026-10-01T05:00:00Z" });
const team = {
  id: 7, name: "Menon Cement BD", role: "member", seats: { used: 3, bought: 5 }, credits: { remaining: 60, total: 100 },
  members: [member(1, "owner", "Asha"), member(2, "admin", "Arjun"), member(3, "member", "Divya")], created_at: "2026-10-01T05:00:00Z",
};
const assignment = (id: number, extra: Partial<Assignment> = {}): Assignment => ({
  id, item_type: "project", item_id: 40 + id, item_title: `Cement plant ${id}`,
  assignee: { user_id: 3, name: "Divya", email: "divya@x.in" }, assigned_by: { user_id: 2, name: "Arjun", email: "arjun@x.in" },
  note: "Call the architect", due_at: "2026-03-05T11:30:00Z", status: "open", overdue: false,
  created_at: "2026-03-01T05:00:00Z", updated_at: "2026-03-01T05:00:00Z", done_at: null, ...extra,
});
const list = (results: Assignment[]) => ({ count: results.length, page: 1, page_size: 20, results });

beforeAll(() => preloadPages(Pages.Assignments.preload!, () => import("../../src/components/assignments/AssignDialog")));

describe("Assigned to me", { timeout: 60_000 }, () => {
  it("lists what teammates gave the user, with the due date in IST and overdue in words; the filters reach the API and the URL; Mark done sends it", async () => {
    const asked: URLSearchParams[] = [];
    const patched: unknown[] = [];
    const { fetch } = renderSignedIn("/assignments", makeUser({ id: 3 }), (url, init) => {
      if (url.pathname === "/api/team/") return jsonResponse(200, team);
      if (url.pathname === "/api/assignments/5/" && init.method === "PATCH") {
        patched.push(JSON.parse(String(init.body)));
        return jsonResponse(200, assignment(5, { status: "done", done_at: "2026-03-02T05:00:00Z" }));
      }
      if (url.pathname === "/api/assignments/") {
        asked.push(url.searchParams);
        return jsonResponse(200, list([assignment(5, { overdue: true, due_at: "2026-03-05T11:30:00Z" }), assignment(6, { item_type: "tender", item_title: "Bridge over Godavari", due_at: null, note: "" })]));
      }
      return undefined;
    });
    const table = await screen.findByRole("table", { name: "Assigned to me" }, { timeout: 19_000 });
    await within(table).findByText("Cement plant 5");
    expect(screen.getByRole("heading", { name: "Assigned to me" })).toBeTruthy();
    expect(within(table).getAllByText("From Arjun").length).toBeGreaterThan(0);
    expect(within(table).getAllByText(/05 Mar, 2026 05:00 PM IST/).length).toBeGreaterThan(0); // 11:30 UTC in IST
    expect(within(table).getAllByText("Overdue").length).toBeGreaterThan(0);
    expect(within(table).getAllByText("No due date").length).toBeGreaterThan(0);
    expect(within(table).getByRole("link", { name: "Bridge over Godavari" }).getAttribute("href")).toBe("/tender/detail/46");
    expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({ scope: "mine", status: "open", page: "1" });

    fireEvent.click(screen.getByRole("checkbox", { name: "Overdue only" }));
    await waitFor(() => expect(asked.at(-1)!.get("overdue")).toBe("true"));
    expect(currentLocation()).toBe("/assignments?overdue=true");
    fireEvent.click(screen.getByText("By me"));
    await waitFor(() => expect(asked.at(-1)!.get("scope")).toBe("by_me"));
    expect(await screen.findByRole("heading", { name: "Assigned by me" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Mark done: Cement plant 5" }));
    await waitFor(() => expect(patched).toEqual([{ status: "done" }]));
    expect(fetch.mock.calls.some(([u, init]) => String(u).includes("/api/assignments/5/") && (init as RequestInit).method === "PATCH")).toBe(true);
  });

  it("tells a user in no team where teams are made, and asks for no list", async () => {
    const { fetch } = renderSignedIn("/assignments", makeUser({ id: 9 }), (url) => (url.pathname === "/api/team/" ? jsonResponse(404, { detail: "You are not in a team yet." }) : undefined));
    expect(await screen.findByText("You are not in a team yet.", {}, { timeout: 19_000 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Team page" }).getAttribute("href")).toBe("/team");
    expect(fetch.mock.calls.some(([u]) => String(u).includes("/api/assignments/"))).toBe(false);
  });
});

describe("the Assign dialog", { timeout: 60_000 }, () => {
  const pick = async (dialog: HTMLElement, name: string) => {
    await waitFor(() => {
      fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Teammate" })); // again until the team is there
      const option = [...document.querySelectorAll(".ant-select-item-option")].find((el) => el.textContent === name) as HTMLElement | undefined;
      expect(option).toBeTruthy();
      fireEvent.click(option!);
    });
  };

  it("offers the teammates, says who has the item open, and sends the assignment", async () => {
    const posted: unknown[] = [];
    stubApi((url, init) => {
      if (url.pathname === "/api/team/") return jsonResponse(200, team);
      if (url.pathname === "/api/assignments/" && init.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(201, assignment(8, { item_type: "tender", item_id: 9, assignee: { user_id: 2, name: "Arjun", email: "arjun@x.in" } }));
      }
      if (url.pathname === "/api/assignments/") {
        expect(Object.fromEntries(url.searchParams)).toMatchObject({ scope: "team", status: "open", item_type: "tender", item_id: "9" });
        return jsonResponse(200, list([assignment(7, { item_type: "tender", item_id: 9, due_at: null })]));
      }
      return undefined;
    });
    const onClose = vi.fn();
    renderInApp(<AssignDialog itemType="tender" itemId={9} open onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "Assign this tender" }, { timeout: 19_000 });
    expect((await within(dialog).findByText(/Open now:/)).textContent).toBe("Open now: Divya");
    await pick(dialog, "Arjun (admin)");
    fireEvent.change(within(dialog).getByLabelText("Note"), { target: { value: "  Get the BOQ  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Assign" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([{ item_type: "tender", item_id: 9, assignee_id: 2, note: "Get the BOQ", due_at: null }]);
  });

  it("puts the server's refusal beside its field and stays open", async () => {
    stubApi((url, init) => {
      if (url.pathname === "/api/team/") return jsonResponse(200, team);
      if (url.pathname === "/api/assignments/" && init.method === "POST") return jsonResponse(400, { assignee_id: ["Choose a member of your team."] });
      if (url.pathname === "/api/assignments/") return jsonResponse(200, list([]));
      return undefined;
    });
    const onClose = vi.fn();
    renderInApp(<AssignDialog itemType="company" itemId={3} open onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "Assign this company" }, { timeout: 19_000 });
    await pick(dialog, "Divya (member)");
    fireEvent.click(within(dialog).getByRole("button", { name: "Assign" }));
    expect(await within(dialog).findByText("Choose a member of your team.")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
