// The lead pages in the real app (routes, providers, HTTP layer) over a stubbed API: the lister
// keeps its state in the URL and sends the search language, facets multi-select, the mark
// control updates at once and rolls back on failure, contacts are masked until unlocked, the
// high-quality badge starts above 70, and an unlock is sent once and moves the top bar.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { currentLocation, renderSignedIn } from "./renderApp";
import { jsonResponse, leadRow, makeUser, sortShown } from "./helpers";
import { isHighQuality } from "../../src/pages/leads/detail/ContactsSection";

const lead = leadRow;

function listApi(calls: URL[]) {
  return (url: URL) => {
    if (url.pathname === "/api/list/search/") {
      calls.push(url);
      const states = url.searchParams.getAll("filter").filter((f) => f.startsWith("state:"));
      return jsonResponse(200, { count: 45, page: Number(url.searchParams.get("page") ?? 1), page_size: 20, results: [lead(1), lead(2, { mark: "shortlisted" })] });
    }
    if (url.pathname === "/api/list/search/facets/") {
      const chosen = url.searchParams.getAll("filter").filter((f) => f.startsWith("state:")).length;
      return jsonResponse(200, {
        facets: {
          state: [
            { text: "Kerala", count: 30 },
            { text: "Goa", count: 15 },
          ],
          sector: [{ text: "Healthcare", count: chosen ? 40 - chosen : 45 }],
        },
      });
    }
    return undefined;
  };
}

describe("lead lister", () => {
  it("sends the preset, the page and the URL's filters, and shows Indian values and dates", async () => {
    const calls: URL[] = [];
    renderSignedIn("/private-industrial-leads?q=a+b&oq=a+%26+b&page=2&filter=state:Kerala&filter=value:[25000000 TO *]&unit=cr&sort=value+desc", makeUser(), listApi(calls));
    // The first page chunk of a run can take a while to load in a simulated DOM.
    await screen.findByText("Lead number 1", {}, { timeout: 19_000 });
    const sent = calls.at(-1)!.searchParams;
    expect(sent.getAll("filter")).toEqual(["category:industrial", "state:Kerala", "value:[25000000 TO *]"]);
    expect(sent.get("q")).toBe("a b");
    expect(sent.get("oq")).toBe("a & b");
    expect(sent.get("page")).toBe("2");
    expect(sent.get("sort")).toBe("value desc");
    expect(screen.getAllByText("₹ 2.5 Cr").length).toBeGreaterThan(0);
    expect(screen.getAllByText("05 Mar, 2025").length).toBeGreaterThan(0);
    // the brace-delimited project_type is split into tags
    expect(screen.getAllByText("Hospital").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Residential").length).toBeGreaterThan(0);
    // the price filter shows the range in crores
    expect((screen.getByLabelText("Minimum value") as HTMLInputElement).value).toBe("2.5");
    expect((screen.getByLabelText("Search text") as HTMLInputElement).value).toBe("a & b");
  });

  it("ticking two facet values ORs them in the URL and the request, and counts update", async () => {
    const calls: URL[] = [];
    renderSignedIn("/private-construction-leads", makeUser(), listApi(calls));
    const group = await screen.findByRole("group", { name: "State" });
    await within(group).findByText("Kerala");
    expect(screen.getByRole("group", { name: "Sector" }).textContent).toContain("45");
    fireEvent.click(within(group).getByRole("checkbox", { name: /Kerala/ }));
    await waitFor(() => expect(currentLocation()).toContain("filter=state%3AKerala"));
    fireEvent.click(within(group).getByRole("checkbox", { name: /Goa/ }));
    await waitFor(() => expect(new URLSearchParams(currentLocation()!.split("?")[1]).getAll("filter")).toEqual(["state:Kerala", "state:Goa"]));
    await waitFor(() => expect(calls.at(-1)!.searchParams.getAll("filter")).toEqual(["category:construction", "state:Kerala", "state:Goa"]));
    await waitFor(() => expect(screen.getByRole("group", { name: "Sector" }).textContent).toContain("38"));
    // untick: back to one value
    fireEvent.click(within(group).getByRole("checkbox", { name: /Kerala/ }));
    await waitFor(() => expect(new URLSearchParams(currentLocation()!.split("?")[1]).getAll("filter")).toEqual(["state:Goa"]));
  });

  it("the search box sends q without '&' / ' and ', and oq as typed, from page 1", async () => {
    const calls: URL[] = [];
    renderSignedIn("/ai-leads?page=3", makeUser(), listApi(calls));
    const box = await screen.findByLabelText("Search text");
    fireEvent.change(box, { target: { value: "Steel & Cement and Glass" } });
    fireEvent.keyDown(box, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(calls.at(-1)!.searchParams.get("q")).toBe("Steel Cement Glass"));
    const sent = calls.at(-1)!.searchParams;
    expect(sent.get("oq")).toBe("Steel & Cement and Glass");
    expect(sent.get("page")).toBe("1");
    expect(sent.getAll("filter")).toEqual(["is_ai:true"]);
  });

  it("the sort box says the leads are newest first without a search text, and by relevance with one", async () => {
    renderSignedIn("/private-construction-leads", makeUser(), listApi([]));
    await screen.findByText("Lead number 1", {}, { timeout: 19_000 });
    await waitFor(() => expect(sortShown()).toBe("Newest"));
    cleanup();
    renderSignedIn("/private-construction-leads?q=hospital", makeUser(), listApi([]));
    await screen.findByText("Lead number 1", {}, { timeout: 19_000 });
    await waitFor(() => expect(sortShown()).toBe("Relevance"));
  });

  it("price in crores is sent in rupees", async () => {
    const calls: URL[] = [];
    renderSignedIn("/private-construction-leads", makeUser(), listApi(calls));
    const min = await screen.findByLabelText("Minimum value");
    fireEvent.change(min, { target: { value: "2.5" } });
    fireEvent.change(screen.getByLabelText("Maximum value"), { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply value" }));
    await waitFor(() => expect(calls.at(-1)!.searchParams.getAll("filter")).toContain("value:[25000000 TO 100000000]"));
    expect(currentLocation()).toContain("unit=cr");
  });
});

describe("mark control", () => {
  function markApi(calls: URL[], answer: () => Response | Promise<Response>) {
    const list = listApi(calls);
    return (url: URL, init: RequestInit) => {
      if (url.pathname === "/api/work/1/mark/" && init.method === "POST") return answer();
      return list(url);
    };
  }

  it("shows the new mark at once and keeps it when the server agrees", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls: URL[] = [];
    const { fetch } = renderSignedIn(
      "/private-construction-leads",
      makeUser(),
      markApi(calls, async () => {
        await gate;
        return jsonResponse(200, { mark: "shortlisted", changed: true, history: [] });
      }),
    );
    const row = (await screen.findByText("Lead number 1", {}, { timeout: 19_000 })).closest("tr")!; // the first page load can be slow
    const control = () => row.querySelector(".mark-control")!;
    fireEvent.click(within(row).getByRole("button", { name: "Mark As" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: /Shortlisted/ }));
    within(row).getByRole("button", { name: "Marked Shortlisted" });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).endsWith("/api/work/1/mark/"))).toBe(true));
    const call = fetch.mock.calls.find(([u]) => String(u).endsWith("/api/work/1/mark/"))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ mark: "shortlisted" });
    await waitFor(() => expect(control().className).toMatch(/ant-btn-loading/));
    // The server agrees: once the answer is handled (no longer loading) the mark stays.
    release();
    await waitFor(() => expect(control().className).not.toMatch(/ant-btn-loading/));
    expect(control().getAttribute("data-mark")).toBe("shortlisted");
    within(row).getByRole("button", { name: "Marked Shortlisted" });
  });

  it("a mark is kept in the list's page: back on that page (from the cache) the lead shows it", async () => {
    const { fetch } = renderSignedIn("/private-construction-leads", makeUser(), (url, init) => {
      if (url.pathname === "/api/work/1/mark/" && init.method === "POST") return jsonResponse(200, { mark: "shortlisted", changed: true, history: [] });
      if (url.pathname === "/api/list/search/facets/") return jsonResponse(200, { facets: {} });
      if (url.pathname !== "/api/list/search/") return undefined;
      // The server still says 'unmarked' for lead 1: a page shown with the mark comes from the patched cache.
      const page = Number(url.searchParams.get("page") ?? 1);
      return jsonResponse(200, { count: 40, page, page_size: 20, results: page === 1 ? [lead(1), lead(2)] : [lead(21), lead(22)] });
    });
    const row = (await screen.findByText("Lead number 1", {}, { timeout: 19_000 })).closest("tr")!;
    fireEvent.click(within(row).getByRole("button", { name: "Mark As" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: /Shortlisted/ }));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).endsWith("/api/work/1/mark/"))).toBe(true));
    await waitFor(() => expect(row.querySelector(".mark-control")!.className).not.toMatch(/ant-btn-loading/));

    fireEvent.click(screen.getByTitle("2"));
    await screen.findByText("Lead number 21");
    fireEvent.click(screen.getByTitle("1"));
    const back = (await screen.findByText("Lead number 1")).closest("tr")!;
    within(back).getByRole("button", { name: "Marked Shortlisted" });
    // Page 1 came from the cache: asked for once only.
    expect(fetch.mock.calls.filter(([u]) => /\/api\/list\/search\/\?page=1&/.test(String(u)))).toHaveLength(1);
  });

  it("rolls back to the old mark with the error toast when the server refuses", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls: URL[] = [];
    renderSignedIn(
      "/private-construction-leads",
      makeUser(),
      markApi(calls, async () => {
        await gate;
        return jsonResponse(500, { detail: "boom" });
      }),
    );
    const row = (await screen.findByText("Lead number 1")).closest("tr")!;
    fireEvent.click(within(row).getByRole("button", { name: "Mark As" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: /Rejected/ }));
    within(row).getByRole("button", { name: "Marked Rejected" });
    await act(async () => release());
    await waitFor(() => expect(within(row).getByRole("button", { name: "Mark As" }).getAttribute("data-mark")).toBe("unmarked"));
    expect(within(row).getByRole("button", { name: "Mark As" }).className).not.toMatch(/ant-btn-loading/); // back, and usable again
    expect(within(row).queryByRole("button", { name: "Marked Rejected" })).toBeNull(); // rolled back, not both
    await screen.findByText("Internal Server Error");
  });

  it("two rows marked at once (one mutation for the list) each settle on their own answer", async () => {
    const gates: Record<string, () => void> = {};
    const answers: Record<string, Response> = {
      "1": jsonResponse(200, { mark: "shortlisted", changed: true, history: [] }),
      "2": jsonResponse(500, { detail: "boom" }),
    };
    const list = listApi([]);
    renderSignedIn("/private-construction-leads", makeUser(), (url, init) => {
      const id = url.pathname.match(/^\/api\/work\/(\d+)\/mark\/$/)?.[1];
      if (id && init.method === "POST") return new Promise<void>((r) => (gates[id] = r)).then(() => answers[id]);
      return list(url);
    });
    const rowOf = async (title: string) => (await screen.findByText(title, {}, { timeout: 19_000 })).closest("tr")!;
    const [one, two] = [await rowOf("Lead number 1"), await rowOf("Lead number 2")];
    const control = (row: HTMLElement) => row.querySelector(".mark-control")!;
    fireEvent.click(within(one).getByRole("button", { name: "Mark As" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: /Shortlisted/ }));
    fireEvent.click(within(two).getByRole("button", { name: "Marked Shortlisted" })); // lead 2 comes shortlisted
    fireEvent.click((await screen.findAllByRole("menuitem", { name: /Tentative/ })).at(-1)!);
    expect(control(two).getAttribute("data-mark")).toBe("tentative");
    await waitFor(() => expect(Object.keys(gates).sort()).toEqual(["1", "2"]));
    expect(control(one).className).toMatch(/ant-btn-loading/);
    expect(control(two).className).toMatch(/ant-btn-loading/);
    await act(async () => gates["2"]()); // the second is refused first: only it goes back
    await waitFor(() => expect(control(two).getAttribute("data-mark")).toBe("shortlisted"));
    expect(control(two).className).not.toMatch(/ant-btn-loading/);
    expect(control(one).className).toMatch(/ant-btn-loading/);
    await act(async () => gates["1"]());
    await waitFor(() => expect(control(one).className).not.toMatch(/ant-btn-loading/));
    expect(control(one).getAttribute("data-mark")).toBe("shortlisted");
  });

  it("offers Unmark on a marked lead", async () => {
    renderSignedIn("/private-construction-leads", makeUser(), listApi([]));
    const row = (await screen.findByText("Lead number 2")).closest("tr")!;
    fireEvent.click(within(row).getByRole("button", { name: "Marked Shortlisted" }));
    await screen.findByRole("menuitem", { name: /Unmark/ });
  });
});

describe("lead detail contacts", () => {
  const contact = (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    name: `Contact ${id}`,
    designation: "Project Manager",
    seniority: "General Manager",
    source: "telephone",
    source_label: "Telephone Call",
    contact_fuzz_score: 50,
    is_high_quality: false,
    verified_at: null,
    is_wrong: false,
    company: { id: 9, name: "Menon Builders" },
    phone: "+91 98XXX XXX12",
    email: "r****@menon.in",
    is_unlocked: false,
    role: "owner",
    ...extra,
  });

  function detailApi(contacts: unknown[], unlock?: (init: RequestInit) => Response | Promise<Response>) {
    return (url: URL, init: RequestInit) => {
      if (url.pathname === "/api/work/7/") return jsonResponse(200, { ...lead(7), description: "A hospital.", keywords: ["oxygen"], mark_history: [], contact_count: contacts.length });
      if (url.pathname === "/api/work/7/contacts/") return jsonResponse(200, { results: contacts });
      if (url.pathname === "/api/user-unlock-contact/" && unlock) return unlock(init);
      return undefined;
    };
  }

  it("the high-quality rule: above 70, not at 70", () => {
    expect(isHighQuality({ contact_fuzz_score: 70 })).toBe(false);
    expect(isHighQuality({ contact_fuzz_score: 71 })).toBe(true);
    expect(isHighQuality({ contact_fuzz_score: null })).toBe(false);
  });

  it("shows masked values with an unlock button, unlocked values in full, and the badge at 71 but not 70", async () => {
    renderSignedIn(
      "/private-leads/detail/7",
      makeUser(),
      detailApi([
        contact(1, { contact_fuzz_score: 70 }),
        contact(2, { contact_fuzz_score: 71, is_high_quality: true, is_unlocked: true, phone: "+919812345612", email: "ravi@menon.in", source: "official_govt_website", source_label: "Official Government Website" }),
      ]),
    );
    const row1 = (await screen.findByText("Contact 1")).closest("tr")!;
    const row2 = screen.getByText("Contact 2").closest("tr")!;
    within(row1).getByText(/98XXX XXX12/);
    within(row1).getByText(/r\*\*\*\*@menon.in/);
    expect((within(row1).getByRole("button", { name: /Unlock \(1 credit\)/ }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(row1).queryByText("High quality")).toBeNull();
    within(row1).getByText("General Manager");
    within(row1).getByText("Telephone Call");

    within(row2).getByText("+919812345612");
    within(row2).getByText("ravi@menon.in");
    expect(within(row2).queryByRole("button", { name: /Unlock/ })).toBeNull();
    within(row2).getByText("High quality");
    within(row2).getByText("Official Government Website");
  });

  it("an unlock is sent once for a double click, shows the contact and updates the top bar's credits", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const bodies: unknown[] = [];
    const user = makeUser({ remaining_credits: 40, total_credits: 100 });
    const { fetch } = renderSignedIn(
      "/private-leads/detail/7",
      user,
      detailApi([contact(1)], async (init) => {
        bodies.push(JSON.parse(String(init.body)));
        await gate;
        user.remaining_credits = 39; // what user-info/ answers from now on
        return jsonResponse(200, { contact: contact(1, { is_unlocked: true, phone: "+919812345612", email: "ravi@menon.in" }), remaining_credits: 39, total_credits: 100 });
      }),
    );
    await screen.findByText("Credits: 40 remaining out of total 100");
    const button = await screen.findByRole("button", { name: /Unlock \(1 credit\)/ });
    fireEvent.click(button);
    const spend = await screen.findByRole("button", { name: "Spend 1 credit" });
    fireEvent.click(spend);
    fireEvent.click(spend);
    await waitFor(() => expect((screen.getByRole("button", { name: /Unlock \(1 credit\)/ }) as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: /Unlock \(1 credit\)/ }));
    await act(async () => release());
    await screen.findByText("+919812345612");
    expect(bodies).toEqual([{ contact_id: 1 }]);
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith("/api/user-unlock-contact/"))).toHaveLength(1);
    await screen.findByText("Credits: 39 remaining out of total 100");
  });

  it("the top bar shows the balance the unlock answered at once, before the server's user info is read again", async () => {
    let unlocked = false;
    const contacts = detailApi([contact(1)], () => {
      unlocked = true;
      return jsonResponse(200, { contact: contact(1, { is_unlocked: true, phone: "+919812345612", email: "ravi@menon.in" }), remaining_credits: 39, total_credits: 100 });
    });
    const { fetch } = renderSignedIn("/private-leads/detail/7", makeUser({ remaining_credits: 40, total_credits: 100 }), (url, init) =>
      // After the unlock the user info is read again, and that answer never comes.
      unlocked && url.pathname === "/api/user-info/" ? new Promise<Response>(() => {}) : contacts(url, init),
    );
    await screen.findByText("Credits: 40 remaining out of total 100");
    fireEvent.click(await screen.findByRole("button", { name: /Unlock \(1 credit\)/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Spend 1 credit" }));
    await screen.findByText("+919812345612");
    await screen.findByText("Credits: 39 remaining out of total 100");
    expect(fetch.mock.calls.filter(([u]) => String(u) === "/api/user-info/").length).toBeGreaterThan(1); // the re-read was asked
  });

  it("asks before an unlock, naming the cost and the balance; Cancel spends nothing", async () => {
    const bodies: unknown[] = [];
    renderSignedIn(
      "/private-leads/detail/7",
      makeUser({ remaining_credits: 40, total_credits: 100 }),
      detailApi([contact(1)], (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(200, { contact: contact(1, { is_unlocked: true, phone: "+919812345612" }), remaining_credits: 39, total_credits: 100 });
      }),
    );
    fireEvent.click(await screen.findByRole("button", { name: /Unlock \(1 credit\)/ }));
    await screen.findByText("Unlock Contact 1?");
    screen.getByText("This spends 1 credit of your 40 credits. The contact's phone and e-mail are then shown in full.");
    expect(bodies).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.querySelector(".ant-popover-hidden")).not.toBeNull());
    expect(bodies).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: /Unlock \(1 credit\)/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Spend 1 credit" }));
    await screen.findByText("+919812345612");
    expect(bodies).toEqual([{ contact_id: 1 }]);
  });

  it("an unlocked contact can be reported as wrong, with a reason", async () => {
    const reports: unknown[] = [];
    renderSignedIn("/private-leads/detail/7", makeUser(), (url, init) => {
      if (url.pathname === "/api/user-unlock-contact/2/report/" && init.method === "POST") {
        reports.push(JSON.parse(String(init.body)));
        return jsonResponse(201, { id: 1, status: "open" });
      }
      return detailApi([contact(2, { is_unlocked: true, phone: "+919812345612", email: "ravi@menon.in" })])(url, init);
    });
    fireEvent.click(await screen.findByRole("button", { name: /Report wrong/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Number belongs to someone else" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Report" }));
    await waitFor(() => expect(reports).toEqual([{ reason: "Number belongs to someone else" }]));
    await screen.findByText(/your credit comes back/);
  });

  // Staff correct contacts through the QA tool; the one staff rule (common/ability) decides who
  // is staff: a staff address with the server's grant, never while acting as a user.
  it.each([
    { who: "a subscriber", user: makeUser(), offered: true },
    { who: "staff", user: makeUser({ email: "ravi@infrascout.in", is_staff: true }), offered: false },
    { who: "staff acting as a user", user: makeUser({ email: "ravi@infrascout.in", is_staff: true, is_impersonated: true }), offered: true },
    { who: "an answer saying staff for an address that is not a staff one", user: makeUser({ email: "ravi@gmail.example", is_staff: true }), offered: true },
  ])("$who: reporting a contact as wrong offered: $offered", async ({ user, offered }) => {
    renderSignedIn("/private-leads/detail/7", user, detailApi([contact(2, { is_unlocked: true, phone: "+919812345612", email: "ravi@menon.in" })]));
    await screen.findByText("Contact 2", {}, { timeout: 19_000 });
    expect(screen.queryAllByRole("button", { name: /Report wrong/ }).length > 0).toBe(offered);
  });

  it("with no credits left the unlock button is disabled and says why", async () => {
    renderSignedIn("/private-leads/detail/7", makeUser({ remaining_credits: 0 }), detailApi([contact(1)]));
    const button = await screen.findByRole("button", { name: /Unlock \(1 credit\)/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // The reason is the disabled button's own label (its wrapper), in the catalogue's words.
    const reason = screen.getByLabelText("You have no credits left. Contact support to add more.");
    expect(reason.contains(button)).toBe(true);
  });

  it("an unknown lead shows the 404 page, the catalogue's 404 message and a way back", async () => {
    renderSignedIn("/private-industrial-leads/detail/999", makeUser(), () => undefined);
    await screen.findByText("Page Not Found");
    expect((await screen.findAllByText("404 Not Found")).length).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: "Back to Industrial Projects" }).getAttribute("href")).toBe("/private-industrial-leads");
  });

  it("a malformed id shows the 404 page without asking the server", async () => {
    // What the server answers for it: the raw field message the page showed before.
    const refuse = (url: URL) => (url.pathname === "/api/work/abc/" ? jsonResponse(400, { id: ["Must be a whole number."] }) : undefined);
    const { fetch } = renderSignedIn("/private-leads/detail/abc", makeUser(), refuse);
    await screen.findByText("Page Not Found");
    expect(screen.queryByText(/whole number/)).toBeNull();
    expect(fetch.mock.calls.filter(([u]) => String(u).includes("/api/work/"))).toHaveLength(0);
  });
});
