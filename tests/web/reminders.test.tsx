// The reminders page in the real app over a stubbed API, for reminders on tender results: one is
// listed under its section as a 'Result' linked to the result's page, and a new one can be set
// on a result found through the results lister's search (item_type:result).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Reminder } from "../../common/reminders";
import { formatIstDateTime } from "../../src/lib/format";
import { jsonResponse, makeUser } from "./helpers";
import { renderSignedIn } from "./renderApp";

const inDays = (n: number) => new Date(Date.now() + n * 864e5).toISOString();

const resultReminder = (extra: Partial<Reminder> = {}): Reminder => ({
  id: 3,
  item_type: "result",
  item_id: 8,
  item_title: "Bridge over the Periyar river",
  link: "/result/detail/8",
  remind_at: inDays(3),
  note: "Ask the winner about steel",
  completed: false,
  completed_at: null,
  notified_at: null,
  created_at: inDays(-1),
  status: "upcoming",
  relative_to: null,
  minutes_before: null,
  date_moves: [],
  ...extra,
});

describe("reminders on tender results", { timeout: 60_000 }, () => {
  it("lists a result's reminder as a Result, linked to the result's page", async () => {
    const reminder = resultReminder();
    renderSignedIn("/reminders", makeUser(), (url) => {
      if (url.pathname === "/api/reminders/list") return jsonResponse(200, { count: 1, results: [reminder] });
      return undefined;
    });
    const title = await screen.findByRole("link", { name: "Bridge over the Periyar river" }, { timeout: 19_000 });
    expect(title.getAttribute("href")).toBe("/result/detail/8");
    const row = title.closest(".reminder-row") as HTMLElement;
    expect(row.closest("[data-section]")!.getAttribute("data-section")).toBe("upcoming");
    expect(row.querySelector(".reminder-head .ant-tag")!.textContent).toBe("Result");
    expect(row.querySelector(".reminder-note")!.textContent).toBe("Ask the winner about steel");
    expect(row.querySelector(".reminder-when")!.textContent).toBe(formatIstDateTime(reminder.remind_at));
    expect(row.querySelector(".reminder-when")!.textContent).toMatch(/ IST$/);
    // the upcoming section counts it, the overdue one is empty
    const counts = [...document.querySelectorAll("[data-section]")].map((s) => [s.getAttribute("data-section"), s.querySelector(".reminder-section-count")?.textContent]);
    expect(counts).toContainEqual(["upcoming", "1"]);
  });

  it("sets a new reminder on a result found by the results lister's search", async () => {
    const searches: URL[] = [];
    const posted: unknown[] = [];
    renderSignedIn("/reminders", makeUser(), (url, init) => {
      if (url.pathname === "/api/reminders/list" && init.method === "POST") {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return jsonResponse(201, resultReminder({ ...body, id: 4 }));
      }
      if (url.pathname === "/api/reminders/list") return jsonResponse(200, { count: 0, results: [] });
      if (url.pathname === "/api/list/results/search/") {
        searches.push(url);
        return jsonResponse(200, { count: 1, page: 1, page_size: 20, results: [{ id: 8, title: "Bridge over the Periyar river" }] });
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole("button", { name: /New reminder/ }, { timeout: 19_000 }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Reminder on" }));
    const resultOption = await waitFor(() => {
      const found = [...document.querySelectorAll(".ant-select-item-option")].find((el) => el.textContent === "Result") as HTMLElement;
      expect(found?.classList.contains("ant-select-item-option-disabled")).toBe(false); // there, and choosable
      return found;
    });
    fireEvent.click(resultOption);
    const find = within(dialog).getByPlaceholderText("Find a tender result by name");
    fireEvent.change(find, { target: { value: "Periyar" } });
    await waitFor(() => expect(searches).toHaveLength(1), { timeout: 5_000 });
    expect(searches[0].searchParams.get("q")).toBe("Periyar");
    expect(searches[0].searchParams.getAll("filter")).toEqual(["item_type:result"]);
    const match = await waitFor(() => {
      const found = [...document.querySelectorAll(".ant-select-item-option")].find((el) => el.textContent === "Bridge over the Periyar river") as HTMLElement;
      expect(found?.classList.contains("ant-select-item-option-disabled")).toBe(false); // there, and choosable
      return found;
    });
    fireEvent.click(match);
    fireEvent.click(within(dialog).getByRole("button", { name: "Save reminder" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ item_type: "result", item_id: 8 });
  });

  it("a row's edit opens the dialog (loaded on first use) on that reminder, and saves its new note", async () => {
    const reminder = resultReminder();
    const patched: unknown[] = [];
    renderSignedIn("/reminders", makeUser(), (url, init) => {
      if (url.pathname === "/api/reminders/list/3" && init.method === "PATCH") {
        patched.push(JSON.parse(String(init.body)));
        return jsonResponse(200, { ...reminder, note: "Call on Monday" });
      }
      if (url.pathname === "/api/reminders/list") return jsonResponse(200, { count: 1, results: [reminder] });
      return undefined;
    });
    fireEvent.click(await screen.findByRole("button", { name: "Edit reminder" }, { timeout: 19_000 }));
    const dialog = await screen.findByRole("dialog", { name: "Edit reminder" }, { timeout: 10_000 });
    const note = within(dialog).getByDisplayValue("Ask the winner about steel");
    fireEvent.change(note, { target: { value: "Call on Monday" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0]).toMatchObject({ note: "Call on Monday" });
  });
});
