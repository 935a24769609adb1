// The subscriber's lead detail pages list the documents our research team added (work/{id}/documents/):
// title, web address (opening in a new tab) and the day it was added, on the classic and the
// new-style page; a lead without any says so.
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderSignedIn } from "./renderApp";
import { jsonResponse, makeUser } from "./helpers";

const lead = {
  id: 7,
  title: "Kochi cancer centre",
  category: "construction",
  is_ai: false,
  project_type: "{Hospital}",
  sector: "Healthcare",
  status: "Planning",
  value: 25_000_000,
  state: "Kerala",
  city: "Kochi",
  retrieved_on: "2025-03-05T10:00:00Z",
  arrived_date: "2025-03-05T10:00:00Z",
  mark: "unmarked",
  description: "A hospital.",
  keywords: [],
  mark_history: [],
};

const documents = [
  { id: 1, title: "Environment clearance", url: "https://parivesh.nic.in/ec/1234", excerpt: "Clearance granted for 300 beds.", text_length: 31, created_by: "Research Team", created_at: "2025-03-05T10:00:00Z" },
  { id: 2, title: "Tender notice for piling", url: null, excerpt: "Piling works, 40 Lakh.", text_length: 22, created_by: null, created_at: "2025-04-18T06:00:00Z" },
];

function detailApi(docs: unknown[]) {
  return (url: URL) => {
    if (url.pathname === "/api/work/7/") return jsonResponse(200, lead);
    if (url.pathname === "/api/work/7/documents/") return jsonResponse(200, { results: docs });
    return undefined;
  };
}

async function documentList() {
  return screen.findByRole("region", { name: "Documents added to this lead" });
}

describe("lead detail documents", () => {
  it.each(["/private-leads/detail/7", "/project-detail-new/7"])("%s lists each document's title, link and the day it was added", async (path) => {
    renderSignedIn(path, makeUser(), detailApi(documents));
    // The new-style page keeps them under its Documents tab.
    if (path.startsWith("/project-detail-new")) fireEvent.click(await screen.findByRole("tab", { name: "Documents" }));
    const list = await documentList();
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    // title, excerpt and day added, in the order they were added
    const read = (item: HTMLElement) => [".lead-document-title", ".lead-document-excerpt", ".lead-document-date"].map((c) => item.querySelector(c)?.textContent?.trim());
    expect(items.map(read)).toEqual([
      ["Environment clearance", "Clearance granted for 300 beds.", "Added 05 Mar, 2025"],
      ["Tender notice for piling", "Piling works, 40 Lakh.", "Added 18 Apr, 2025"],
    ]);
    const link = within(items[0]).getByRole("link", { name: /parivesh\.nic\.in\/ec\/1234/ });
    expect(link.getAttribute("href")).toBe("https://parivesh.nic.in/ec/1234");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(within(items[1]).queryByRole("link")).toBeNull(); // no address: nothing to open
  });

  it("says so when no document has been added", async () => {
    renderSignedIn("/private-leads/detail/7", makeUser(), detailApi([]));
    await screen.findByText("No documents added yet");
    expect(screen.queryByRole("region", { name: "Documents added to this lead" })).toBeNull();
  });
});
