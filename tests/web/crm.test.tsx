// HubSpot and Zoho CRM (issue 20, point 5) in the real app over a stubbed API: an owner sees the
// HubSpot connection (the token's hint only, a plain last error), connects Zoho with its data
// centre and mapping and is told plainly when Zoho refuses, and reads the log of sends with links
// to the CRM's records. "Send to CRM" shows only when the team has a CRM, sends the item and lists
// its sends.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { CrmConnection, CrmSend } from "../../common/crm";
import { Pages } from "../../src/pages";
import { CrmSendPanel as CrmSendButton } from "../../src/pages/integrations/CrmSendPanel";
import { jsonResponse, makeUser, stubApi } from "./helpers";
import { preloadPages, renderInApp, renderSignedIn } from "./renderApp";

const member = (id: number, role: string, first_name: string) => ({ id, user_id: id, email: `${first_name.toLowerCase()}@x.in`, first_name, last_name: "", role, joined_at: "2026-10-01T05:00:00Z" });
const team = {
  id: 7, name: "Menon Cement BD", role: "owner", seats: { used: 2, bought: 5 }, credits: { remaining: 60, total: 100 },
  members: [member(1, "owner", "Asha"), member(3, "member", "Divya")], created_at: "2026-10-01T05:00:00Z",
};
const hubspot: CrmConnection = {
  vendor: "hubspot", secret_hint: "…cdef", client_id: null, data_centre: null,
  mapping: { id_property: "infrascout_id", cin_property: "cin", deal_pipeline: "default", deal_stage: "appointmentscheduled" },
  auto_on_shortlist: true, needs_reauth: false, last_error: "HubSpot asked us to slow down (429): You have reached your secondly limit.", last_error_at: "2026-11-25T09:45:00Z",
  connected_at: "2026-11-20T05:00:00Z", connected_by_name: "Asha",
};
const sent: CrmSend = {
  id: 31, vendor: "hubspot", item_type: "project", item_id: 42, trigger: "shortlist", status: "sent", attempts: 2, last_error: null,
  records: [{ object_type: "deal", id: "9001", url: "https://app.hubspot.com/contacts/62515/record/0-3/9001", change: "created" }],
  next_attempt_at: null, sent_at: "2026-11-25T09:46:00Z", created_at: "2026-11-25T09:45:00Z", requested_by_name: "Divya",
};

beforeAll(() => preloadPages(Pages.Team.preload!));

describe("CRM on the Team page", { timeout: 60_000 }, () => {
  it("shows HubSpot's hint and last error, connects Zoho (a refusal said plainly), and lists the sends with links", async () => {
    const puts: unknown[] = [];
    let refuse = true;
    renderSignedIn("/team", makeUser({ id: 1 }), (url, init) => {
      const method = init.method ?? "GET";
      if (url.pathname === "/api/team/") return jsonResponse(200, team);
      if (url.pathname === "/api/team/invitations/") return jsonResponse(200, []);
      if (url.pathname === "/api/integrations/webhooks/") return jsonResponse(200, []);
      if (url.pathname === "/api/integrations/crm/zoho/" && method === "PUT") {
        puts.push(JSON.parse(String(init.body)));
        if (refuse) {
          refuse = false;
          return jsonResponse(400, { detail: "Zoho refused the credentials: check the credentials and data centre." });
        }
        return jsonResponse(201, { ...hubspot, vendor: "zoho", secret_hint: "…ef01", client_id: "1000.CLIENT", data_centre: "in", last_error: null, mapping: { id_field: "InfraScout_ID", cin_field: "CIN", deal_module: "Deals", deal_stage: "Qualification" } });
      }
      if (url.pathname === "/api/integrations/crm/") return jsonResponse(200, { connections: [hubspot] });
      if (url.pathname === "/api/integrations/crm/sends/") return jsonResponse(200, [sent]);
      return undefined;
    });
    await screen.findByText(/Token …cdef/, {}, { timeout: 19_000 });
    const hs = screen.getByRole("region", { name: "HubSpot" });
    expect(within(hs).getByText("Connected")).toBeTruthy();
    expect(within(hs).getByText(/Token …cdef/)).toBeTruthy();
    expect(within(hs).getByText(/secondly limit/)).toBeTruthy();
    expect((within(hs).getByRole("switch") as HTMLButtonElement).getAttribute("aria-checked")).toBe("true");

    const log = screen.getByRole("table", { name: "Sends to CRM" });
    await within(log).findByText("Sent");
    expect(within(log).getByText("Divya (on shortlist)")).toBeTruthy();
    expect(within(log).getByRole("link", { name: "deal 9001" }).getAttribute("href")).toBe(sent.records[0].url);

    const zoho = screen.getByRole("region", { name: "Zoho CRM" });
    expect(within(zoho).getByText("Not connected")).toBeTruthy();
    fireEvent.change(within(zoho).getByLabelText("Client ID"), { target: { value: "1000.CLIENT" } });
    fireEvent.change(within(zoho).getByLabelText("Client secret"), { target: { value: "zoho-secret-123456" } });
    fireEvent.change(within(zoho).getByLabelText("Refresh token"), { target: { value: "1000.refresh.abcdef01" } });
    fireEvent.click(within(zoho).getByRole("button", { name: "Connect Zoho CRM" }));
    expect((await within(zoho).findByRole("alert")).textContent).toMatch(/Zoho refused the credentials/);
    expect(puts[0]).toEqual({
      client_id: "1000.CLIENT", client_secret: "zoho-secret-123456", refresh_token: "1000.refresh.abcdef01", data_centre: "in",
      mapping: { id_field: "InfraScout_ID", cin_field: "CIN", deal_module: "Deals", deal_stage: "Qualification" }, auto_on_shortlist: false,
    });
    fireEvent.click(within(zoho).getByRole("button", { name: "Connect Zoho CRM" }));
    await waitFor(() => expect(puts).toHaveLength(2));
  });
});

describe("Send to CRM", { timeout: 60_000 }, () => {
  it("is hidden when the team has no CRM", async () => {
    let asked = false;
    stubApi((url) => {
      if (url.pathname === "/api/integrations/crm/status/") {
        asked = true;
        return jsonResponse(200, { connected: [], can_manage: false });
      }
      return undefined;
    });
    renderInApp(<CrmSendButton itemType="company" itemId={3} />);
    await waitFor(() => expect(asked).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("button", { name: "Send to CRM" })).toBeNull();
  });

  it("sends the item to the team's CRMs and shows its sends", async () => {
    const posted: unknown[] = [];
    stubApi((url, init) => {
      if (url.pathname === "/api/integrations/crm/status/") return jsonResponse(200, { connected: ["hubspot", "zoho"], can_manage: false });
      if (url.pathname === "/api/integrations/crm/send/" && init.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(202, { sends: [{ ...sent, status: "pending", records: [] }, { ...sent, id: 32, vendor: "zoho", status: "pending", records: [] }] });
      }
      if (url.pathname === "/api/integrations/crm/sends/") {
        expect(Object.fromEntries(url.searchParams)).toEqual({ item_type: "project", item_id: "42" });
        return jsonResponse(200, [sent]);
      }
      return undefined;
    });
    renderInApp(<CrmSendButton itemType="project" itemId={42} />);
    fireEvent.click(await screen.findByRole("button", { name: "Send to CRM" }, { timeout: 19_000 }));
    await waitFor(() => expect(posted).toEqual([{ item_type: "project", item_id: 42 }]));
    const log = await screen.findByLabelText("Sends to CRM");
    expect(within(log).getByRole("link", { name: "deal 9001" }).getAttribute("href")).toBe(sent.records[0].url);
    expect(within(log).getByText("Sent")).toBeTruthy();
  });

  it("on a contact, is named for the contact and reads its log only when opened (one page holds many)", async () => {
    const asked: string[] = [];
    stubApi((url) => {
      if (url.pathname === "/api/integrations/crm/status/") return jsonResponse(200, { connected: ["hubspot"], can_manage: false });
      if (url.pathname === "/api/integrations/crm/sends/") {
        asked.push(url.search);
        return jsonResponse(200, []);
      }
      return undefined;
    });
    renderInApp(<CrmSendButton itemType="contact" itemId={7} name="Ravi Kumar" />);
    await screen.findByRole("button", { name: "Send Ravi Kumar to CRM" }, { timeout: 19_000 });
    await new Promise((r) => setTimeout(r, 100));
    expect(asked).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Sends to CRM of Ravi Kumar" }));
    await waitFor(() => expect(asked).toEqual(["?item_type=contact&item_id=7"]));
  });
});
