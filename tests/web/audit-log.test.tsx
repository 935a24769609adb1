// The staff audit log (/update-projects?tab=audit): who may see it, what the API is asked for
// (the data provider's filter=user:ID / action:KIND / created_at range), rows with IST times.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { UserInfo } from "../../common/api";
import { TOKEN_STORAGE_KEY } from "../../common/constants";
import { auditFilters } from "../../src/pages/audit-log/AuditLogPanel";
import { accessControlProvider } from "../../src/providers/accessControlProvider";
import { clearSession } from "../../src/providers/session";
import { jsonResponse, makeUser, stubSignedInApi } from "./helpers";
import { currentLocation, renderSignedIn } from "./renderApp";

const staffUser = makeUser({ id: 2, email: "ravi@infrascout.in", is_staff: true, first_name: "Ravi" });
const KINDS = ["login", "impersonation_start", "impersonation_end", "impersonation_refused", "credits_grant"];

const row = {
  id: 41,
  created_at: "2026-11-25T09:30:05.000Z",
  action: "impersonation_end",
  item_type: "user",
  item_id: 7,
  ip: "203.0.113.9",
  details: { kind: "cancel", duration_seconds: 3900, started_at: "x", ended_at: "y", token_id: 3 },
  actor: { id: 2, name: "Ravi Kumar", email: "ravi@infrascout.in" },
  as_user: { id: 7, name: "Kiran Rao", email: "client@steel.example" },
};

function renderAuditTab(path = "/update-projects?tab=audit") {
  const { fetch } = renderSignedIn(path, staffUser, (url) => {
    if (url.pathname === "/api/audit-log/") return jsonResponse(200, { count: 1, page: 1, page_size: 50, results: [row], actions: KINDS });
    return undefined;
  });
  const auditCalls = () => fetch.mock.calls.map(([u]) => new URL(String(u), "http://localhost")).filter((u) => u.pathname === "/api/audit-log/");
  return { auditCalls };
}

describe("audit log tab", () => {
  afterEach(() => clearSession());

  it("only staff may use it (accessControlProvider): not a subscriber, not an impersonated session", async () => {
    const can = async (user: UserInfo) => {
      clearSession();
      localStorage.setItem(TOKEN_STORAGE_KEY, `t-${Math.random()}`);
      stubSignedInApi(user);
      return (await accessControlProvider.can({ resource: "audit-log", action: "list" })).can;
    };
    expect(await can(staffUser)).toBe(true);
    expect(await can(makeUser())).toBe(false);
    expect(await can({ ...staffUser, is_impersonated: true })).toBe(false);
  });

  it("shows each row with the time in IST, actor, as-user, kind, item, IP and details", async () => {
    renderAuditTab();
    // Item and IP are 'responsive' columns, shown a tick after the rows: wait for them.
    await screen.findByText("203.0.113.9", {}, { timeout: 15_000 });
    const table = document.querySelector(".audit-table") as HTMLElement;
    const headers = within(table).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["When (IST)", "Actor", "As user", "Action", "Item", "IP", "Details"]);
    const cells = within(within(table).getAllByRole("row")[1]).getAllByRole("cell").map((c) => c.textContent);
    expect(cells).toEqual([
      "25 Nov 2026, 03:00:05 pm", // 09:30:05 UTC
      "Ravi Kumarravi@infrascout.in",
      "Kiran Raoclient@steel.example",
      "Impersonation end",
      "user #7",
      "203.0.113.9",
      "Ended by: cancelLasted 1 h 5 min",
    ]);
    // the details read as separate lines
    expect([...table.querySelectorAll(".audit-details > div")].map((d) => d.textContent)).toEqual(["Ended by: cancel", "Lasted 1 h 5 min"]);
  });

  it("filters by kind (options from the API) and by a user clicked in a row; the URL keeps them", async () => {
    const { auditCalls } = renderAuditTab();
    await screen.findByText("Kiran Rao", {}, { timeout: 15_000 });
    expect(auditCalls()[0].searchParams.getAll("filter")).toEqual([]);

    const kind = document.querySelector(".audit-kind-filter .ant-select-selector") as HTMLElement;
    fireEvent.mouseDown(kind);
    const option = await waitFor(() => {
      const el = document.querySelector('.ant-select-item-option[title="Impersonation refused"]') as HTMLElement;
      expect(el?.textContent).toBe("Impersonation refused");
      return el;
    });
    fireEvent.click(option);
    await waitFor(() => expect(auditCalls().at(-1)!.searchParams.getAll("filter")).toEqual(["action:impersonation_refused"]));
    expect(currentLocation()).toContain("action=impersonation_refused");

    fireEvent.click(within(document.querySelector(".audit-table") as HTMLElement).getByText("Kiran Rao"));
    await waitFor(() => expect(auditCalls().at(-1)!.searchParams.getAll("filter")).toEqual(["user:7", "action:impersonation_refused"]));
    expect(currentLocation()).toContain("user=7");
  });

  it("opens with the URL's filters and sends IST days as UTC instants", async () => {
    const { auditCalls } = renderAuditTab("/update-projects?tab=audit&user=7&action=credits_grant&from=2026-11-01&to=2026-11-25");
    await screen.findByText("Kiran Rao", {}, { timeout: 15_000 });
    expect(auditCalls()[0].searchParams.getAll("filter")).toEqual([
      "user:7",
      "action:credits_grant",
      "created_at:[2026-10-31T18:30:00.000Z TO 2026-11-25T18:29:59.999Z]",
    ]);
    expect(auditFilters("", "", "", "")).toEqual([]);
  });

  it("a subscriber opening the tab gets the 404 page", async () => {
    const { fetch } = renderSignedIn("/update-projects?tab=audit", makeUser());
    await screen.findByText("Page Not Found");
    const asked = fetch.mock.calls.map(([u]) => new URL(String(u), "http://localhost").pathname);
    expect(asked).not.toContain("/api/audit-log/"); // nothing of the log was fetched for them
    expect(screen.queryByText("Kiran Rao")).toBeNull();
  });
});
