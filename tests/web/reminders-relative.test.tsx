// Reminders that follow a tender's date (issue 19) in the real app over a stubbed API: 'Set
// reminder' on a tender offers "Before closing / opening / pre-bid meeting" with an offset, shows
// the time it works out to, offers no date the tender lacks, and saves {relative_to,
// minutes_before}; the reminders page says a reminder moved with its date, and that a fixed one
// kept its time while the tender's date moved.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Reminder } from "../../common/reminders";
import type { TenderDetail } from "../../common/tenders";
import { formatIstMoment } from "../../src/lib/format";
import { jsonResponse, makeUser } from "./helpers";
import { renderSignedIn } from "./renderApp";

const CLOSING = "2030-01-15T05:30:00.000Z";

const tender: TenderDetail = {
  id: 5, title: "Bridge over the Periyar river", portal_tender_id: "2026_PWD_5_1", reference: "PWD/KL/5/2026",
  org_name: "Public Works Department, Kerala", org_name_exact: "Public Works Department, Kerala", department: null,
  tender_status: "Live", is_corrigendum: false, category: "works", tender_type: "Item Rate", value: 25_000_000, value_band: "10 - 100 Crore",
  emd: 500_000, state: "Kerala", district: "Ernakulam", city: "Kochi", published_date: "2026-11-01T05:30:00.000Z", closing_date: CLOSING,
  status_update_date: null, retrieved_on: null, reviewed_date: null, arrived_date: "2026-11-01T05:30:00.000Z", result_id: null,
  ocid: null, description: "Construction of a bridge.", is_live: true, tender_fee: 5900, opening_date: "2030-01-16T05:30:00.000Z", prebid_date: null,
  pincode: "682001", source: "Kerala e-Procurement", source_url: null, documents: [], corrigenda: [], result: null, shared: false,
} as TenderDetail;

const reminder = (extra: Partial<Reminder>): Reminder => ({
  id: 1, item_type: "tender", item_id: 5, item_title: tender.title, link: "/tender/detail/5", remind_at: "2030-01-13T05:30:00.000Z", note: "",
  completed: false, completed_at: null, notified_at: null, created_at: "2029-12-01T05:30:00.000Z", status: "upcoming",
  relative_to: null, minutes_before: null, date_moves: [], ...extra,
});

describe("a reminder before a tender date", { timeout: 60_000 }, () => {
  it("'Set reminder' on a tender: 2 days before closing, with the time it works out to; a date the tender lacks is not offered", async () => {
    const posted: Record<string, unknown>[] = [];
    renderSignedIn("/tender/detail/5", makeUser(), (url, init) => {
      if (url.pathname === "/api/tender/detail/5") return jsonResponse(200, tender);
      if (url.pathname === "/api/reminders/list" && init.method === "POST") {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return jsonResponse(201, reminder({ ...body, remind_at: "2030-01-13T05:30:00.000Z" }));
      }
      if (url.pathname.startsWith("/api/tender/")) return jsonResponse(200, { results: [] });
      return undefined;
    });
    fireEvent.click(await screen.findByRole("button", { name: /Set reminder/ }, { timeout: 19_000 }));
    const dialog = await screen.findByRole("dialog", { name: "Set reminder" });
    const group = within(dialog).getByRole("radiogroup");
    expect(within(group).getAllByRole("radio").map((r) => r.closest("label")!.textContent)).toEqual([
      "At a set time", "Before closing", "Before opening", "Before pre-bid meeting (no date)",
    ]);
    expect((within(dialog).getByLabelText("Before pre-bid meeting (no date)") as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByLabelText("When (IST)")).toBeTruthy();

    fireEvent.click(within(dialog).getByLabelText("Before closing"));
    const amount = await within(dialog).findByLabelText("How long before");
    expect((amount as HTMLInputElement).value).toBe("2");
    expect(within(dialog).queryByLabelText("When (IST)")).toBeNull();
    // 15 Jan 2030, 11:00 am IST less 2 days.
    expect(dialog.querySelector(".reminder-timing-preview")!.textContent).toBe(
      `${formatIstMoment("2030-01-13T05:30:00.000Z")} — moves if the closing date moves (closing: ${formatIstMoment(CLOSING)})`,
    );
    fireEvent.change(within(dialog).getByLabelText("Note"), { target: { value: "Submit the bid" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save reminder" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ item_type: "tender", item_id: 5, relative_to: "closing_date", minutes_before: 2880, note: "Submit the bid" });
    expect((await screen.findByText(/^Reminder set for /)).textContent).toBe("Reminder set for 13 Jan, 2030 11:00 AM IST");
  });

  it("the reminders page says a reminder moved with the closing date, and a fixed one kept its time", async () => {
    const move = { field: "closing_date" as const, old: "2030-01-08T05:30:00Z", new: "2030-01-15T05:30:00Z", at: "2029-12-20T05:30:00Z" };
    const moved = reminder({ id: 1, relative_to: "closing_date", minutes_before: 2880, date_moves: [move] });
    const kept = reminder({ id: 2, remind_at: "2030-01-06T04:30:00.000Z", date_moves: [move] });
    renderSignedIn("/reminders", makeUser(), (url) => (url.pathname === "/api/reminders/list" ? jsonResponse(200, { count: 2, results: [kept, moved] }) : undefined));

    await screen.findAllByRole("link", { name: tender.title }, { timeout: 19_000 });
    const row = (id: number) => document.querySelector(`[data-reminder-id="${id}"]`) as HTMLElement;
    expect(within(row(1)).getByRole("note", { name: "Tender dates moved" }).textContent).toBe("Moved with the closing date: now 13 Jan 2030, 11:00 am IST.");
    expect(row(1).querySelector(".reminder-when")!.textContent).toContain("· 2 days before closing");
    expect(within(row(2)).getByRole("note", { name: "Tender dates moved" }).textContent).toBe(
      "Bid closing moved from 8 Jan 2030, 11:00 am IST to 15 Jan 2030, 11:00 am IST. This reminder keeps its time.",
    );
    expect(row(2).querySelector(".reminder-rule")).toBeNull();
  });
});
