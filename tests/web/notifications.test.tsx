// In-app notifications (issue 19) in the real app over a stubbed API (common/notifications.ts):
// the top bar's bell says the unread count in its badge and its accessible name and asks again on
// returning to the window; its panel lists each change as describeChange's sentence with the time
// in IST and marks the unread ones in words; "Mark all read" and opening an item mark them read;
// the full page pages and filters, and saves the delivery settings per kind.
import { focusManager } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { NotificationList, NotificationSettings, NotificationView } from "../../common/notifications";
import { UNREAD_REFRESH_MS } from "../../src/components/notifications/api";
import { formatDateTime } from "../../src/lib/format";
import { jsonResponse, makeUser, type Route } from "./helpers";
import { currentLocation, preloadPages, renderSignedIn } from "./renderApp";

beforeAll(
  () =>
    preloadPages(
      () => import("../../src/pages/notifications/NotificationsPage"),
      () => import("../../src/components/notifications/NotificationBell"),
      () => import("../../src/components/notifications/NotificationsDrawer"),
    ),
  120_000,
);

const tenderNotice = (extra: Partial<NotificationView> = {}): NotificationView => ({
  id: 11,
  kind: "tender_changes",
  item_type: "tender",
  item_id: 7,
  item_title: "Widening of NH-66 near Kochi",
  change_set_id: 101,
  changes: [
    { field: "closing_date", old: "2026-12-15T09:30:00Z", new: "2026-12-22T09:30:00Z" },
    { field: "corrigendum", old: null, new: "Corrigendum 2: revised BOQ" },
  ],
  reasons: ["reminder", "viewed"],
  created_at: "2026-12-01T06:45:00Z",
  read_at: null,
  ...extra,
});

const leadNotice = (extra: Partial<NotificationView> = {}): NotificationView => ({
  id: 10,
  kind: "lead_changes",
  item_type: "project",
  item_id: 42,
  item_title: "Aster Medcity tower",
  change_set_id: 100,
  changes: [{ field: "status", old: "Planning", new: "Construction" }],
  reasons: ["viewed"],
  created_at: "2026-11-30T12:00:00Z",
  read_at: "2026-11-30T13:00:00Z",
  ...extra,
});

interface FakeApi {
  unread: number;
  notifications: NotificationView[];
  settings: NotificationSettings;
  /** Sent to the API: method, path and query, and the body. */
  calls: { method: string; path: string; query: URLSearchParams; body: unknown }[];
  count?: number;
}

/** The notifications API over an in-memory list, as the server answers it. */
function notificationsApi(api: FakeApi): Route {
  return (url, init) => {
    if (!url.pathname.startsWith("/api/notifications/")) return undefined;
    const method = init.method ?? "GET";
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    api.calls.push({ method, path: url.pathname, query: url.searchParams, body });
    if (url.pathname === "/api/notifications/unread-count/") return jsonResponse(200, { unread: api.unread });
    if (url.pathname === "/api/notifications/read/" && method === "POST") {
      for (const n of api.notifications) if (body.all || body.ids.includes(n.id)) n.read_at ??= "2026-12-02T00:00:00Z";
      api.unread = api.notifications.filter((n) => n.read_at === null).length;
      return jsonResponse(200, { unread: api.unread });
    }
    if (url.pathname === "/api/notifications/settings/" && method === "PUT") {
      api.settings = { ...api.settings, ...body };
      return jsonResponse(200, api.settings);
    }
    if (url.pathname === "/api/notifications/settings/") return jsonResponse(200, api.settings);
    if (url.pathname === "/api/notifications/") {
      const rows = url.searchParams.get("unread") === "true" ? api.notifications.filter((n) => n.read_at === null) : api.notifications;
      const list: NotificationList = { count: api.count ?? rows.length, unread: api.unread, results: rows };
      return jsonResponse(200, list);
    }
    return undefined;
  };
}

const fakeApi = (extra: Partial<FakeApi> = {}): FakeApi => ({
  unread: 1,
  notifications: [tenderNotice(), leadNotice()],
  settings: { tender_changes: "instant", lead_changes: "instant", assignment: "instant" },
  calls: [],
  ...extra,
});

const openPanel = async (name: string | RegExp = /^Notifications/) => {
  fireEvent.click(await screen.findByRole("button", { name }, { timeout: 19_000 }));
  return screen.findByRole("dialog");
};

describe("the notifications bell", { timeout: 60_000 }, () => {
  it("shows the unread count in its badge and its accessible name, and asks again on returning to the window", async () => {
    const api = fakeApi({ unread: 3 });
    renderSignedIn("/reminders", makeUser(), notificationsApi(api));
    const bell = await screen.findByRole("button", { name: "Notifications, 3 unread" }, { timeout: 19_000 });
    expect(bell.querySelector(".ant-badge-count")?.textContent).toBe("3");

    api.unread = 5;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await screen.findByRole("button", { name: "Notifications, 5 unread" });
    act(() => focusManager.setFocused(undefined));
  });

  it("asks again every minute", async () => {
    // Only the interval is faked: everything else (the app's loading, Testing Library's waits) runs as it does.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const api = fakeApi({ unread: 2 });
    renderSignedIn("/reminders", makeUser(), notificationsApi(api));
    await screen.findByRole("button", { name: "Notifications, 2 unread" }, { timeout: 19_000 });
    const asked = () => api.calls.filter((c) => c.path === "/api/notifications/unread-count/").length;
    const before = asked();
    api.unread = 4;
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_REFRESH_MS - 1_000));
    expect(asked()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await screen.findByRole("button", { name: "Notifications, 4 unread" });
    expect(asked()).toBe(before + 1);
  });

  it("lists each change as a sentence, with the time in IST, the unread one marked in words and linked to its page", async () => {
    renderSignedIn("/reminders", makeUser(), notificationsApi(fakeApi()));
    const panel = await openPanel("Notifications, 1 unread");
    const items = await waitFor(() => {
      const found = [...panel.querySelectorAll<HTMLElement>(".notification-item")];
      expect(found).toHaveLength(2);
      return found;
    });
    const [tender, lead] = items;
    expect([...tender.querySelectorAll(".notification-changes li")].map((li) => li.textContent)).toEqual([
      "Bid closing moved from 15 Dec 2026, 3:00 pm IST to 22 Dec 2026, 3:00 pm IST",
      "New corrigendum: Corrigendum 2: revised BOQ",
    ]);
    expect(lead.querySelector(".notification-changes li")?.textContent).toBe("Status changed from Planning to Construction");
    expect(within(tender).getByRole("link", { name: "Widening of NH-66 near Kochi" }).getAttribute("href")).toBe("/tender/detail/7");
    expect(within(lead).getByRole("link", { name: "Aster Medcity tower" }).getAttribute("href")).toBe("/private-leads/detail/42");
    expect(tender.querySelector(".notification-when")?.textContent).toBe(formatDateTime("2026-12-01T06:45:00Z"));
    expect(tender.querySelector(".notification-when")?.textContent).toBe("01 Dec, 2026 12:15 PM IST");
    // unread is said in words, not only by colour; the read one says nothing of the kind
    expect(within(tender).getByText("Unread")).toBeTruthy();
    expect(within(lead).queryByText("Unread")).toBeNull();
    expect(tender.textContent).toContain("You follow it because you set a reminder on it.");
    expect(within(panel).getByRole("link", { name: "See all notifications" }).getAttribute("href")).toBe("/notifications");
  });

  it("'Mark all read' tells the API and the bell then counts none", async () => {
    const api = fakeApi({ unread: 1 });
    renderSignedIn("/reminders", makeUser(), notificationsApi(api));
    const panel = await openPanel("Notifications, 1 unread");
    fireEvent.click(await within(panel).findByRole("button", { name: "Mark all read" }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === "/api/notifications/read/")).toHaveLength(1));
    const marked = api.calls.find((c) => c.path === "/api/notifications/read/")!;
    expect(marked.method).toBe("POST");
    expect(marked.body).toEqual({ all: true });
    await screen.findByRole("button", { name: "Notifications, none unread" });
    await waitFor(() => expect(panel.querySelector(".notification-unread")).toBeNull());
    expect(within(panel).getByRole("button", { name: "Mark all read" }).hasAttribute("disabled")).toBe(true);
  });

  it("opening an unread item marks it read and goes to its page", async () => {
    const api = fakeApi();
    renderSignedIn("/reminders", makeUser(), notificationsApi(api));
    const panel = await openPanel("Notifications, 1 unread");
    fireEvent.click(await within(panel).findByRole("link", { name: "Widening of NH-66 near Kochi" }));
    await waitFor(() => expect(currentLocation()).toBe("/tender/detail/7"));
    await waitFor(() => expect(api.calls.find((c) => c.path === "/api/notifications/read/")?.body).toEqual({ ids: [11] }));
  });

  it("says when there is nothing yet", async () => {
    renderSignedIn("/reminders", makeUser(), notificationsApi(fakeApi({ unread: 0, notifications: [] })));
    const empty = await openPanel("Notifications, none unread");
    await within(empty).findByText("No notifications yet");
  });
});

describe("the notifications page", { timeout: 60_000 }, () => {
  it("pages 20 at a time, filters to the unread ones and marks one read", async () => {
    const api = fakeApi({ count: 45 });
    renderSignedIn("/notifications", makeUser(), notificationsApi(api));
    await screen.findByRole("heading", { name: "Notifications" }, { timeout: 19_000 });
    await screen.findByText("Status changed from Planning to Construction");
    const lists = () => api.calls.filter((c) => c.path === "/api/notifications/");
    expect(lists()[0].query.get("page")).toBe("1");
    expect(lists()[0].query.get("unread")).toBeNull();

    fireEvent.click(screen.getByRole("listitem", { name: "2" }));
    await waitFor(() => expect(lists().at(-1)!.query.get("page")).toBe("2"));
    expect(currentLocation()).toBe("/notifications?page=2");

    fireEvent.click(screen.getByText("Unread (1)"));
    await waitFor(() => expect(lists().at(-1)!.query.get("unread")).toBe("true"));
    expect(lists().at(-1)!.query.get("page")).toBe("1");
    expect(currentLocation()).toBe("/notifications?unread=true");
    await waitFor(() => expect(screen.queryByText("Aster Medcity tower")).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "Mark read: Widening of NH-66 near Kochi" }));
    await waitFor(() => expect(api.calls.find((c) => c.path === "/api/notifications/read/")?.body).toEqual({ ids: [11] }));
    await screen.findByText("Nothing unread");
  });

  it("saves a kind's delivery mode with a PUT of that kind, and says so", async () => {
    const api = fakeApi();
    renderSignedIn("/notifications", makeUser(), notificationsApi(api));
    const settings = await screen.findByRole("region", { name: "Notification settings" }, { timeout: 19_000 });
    const tenders = await within(settings).findByRole("radiogroup", { name: "Changes to tenders I follow" });
    expect((within(tenders).getByRole("radio", { name: "Instant e-mail" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(tenders).getByRole("radio", { name: "Daily digest" }));
    await waitFor(() => expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ tender_changes: "daily" }));
    await screen.findByText("Saved: Changes to tenders I follow — Daily digest");
    await waitFor(() => expect((within(tenders).getByRole("radio", { name: "Daily digest" }) as HTMLInputElement).checked).toBe(true));
    const leads = within(settings).getByRole("radiogroup", { name: "Changes to leads I follow" });
    expect((within(leads).getByRole("radio", { name: "Instant e-mail" }) as HTMLInputElement).checked).toBe(true);
    expect(within(leads).getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual(["Instant e-mail", "Daily digest", "Off"]);
  });

  it("shows an error with a way to try again when the list cannot be loaded", async () => {
    let fail = true;
    const api = fakeApi();
    const route = notificationsApi(api);
    renderSignedIn("/notifications", makeUser(), (url, init) => {
      if (url.pathname === "/api/notifications/" && fail) return jsonResponse(500, { detail: "boom" });
      return route(url, init);
    });
    await screen.findByText("Notifications could not be loaded.", undefined, { timeout: 19_000 });
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText("Status changed from Planning to Construction");
  });
});
