// One frame for every detail page (issue 17, points 4 and 8): a malformed id shows the app's 404
// page without asking the server (it used to show the raw 'id: Must be a whole number.'), an
// unknown id shows the same 404 page, and a failure the same error state.
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderSignedIn } from "./renderApp";
import { jsonResponse, makeUser } from "./helpers";

afterEach(() => localStorage.clear());

// What the server answers for a malformed id: a field error the page must never show.
const refuseMalformed = (url: URL) => (/\/abc\/?$/.test(url.pathname) ? jsonResponse(400, { id: ["Must be a whole number."] }) : undefined);

const detailCalls = (fetch: ReturnType<typeof renderSignedIn>["fetch"], part: string) => fetch.mock.calls.filter(([u]) => String(u).includes(part));

describe("detail pages with a malformed id", () => {
  it.each([
    ["/private-leads/detail/abc", "/api/work/"],
    ["/project-detail-new/abc", "/api/work/"],
    ["/tender/detail/abc", "/api/tender/detail/"],
    ["/tender/ai-detail/abc", "/api/tender/ai-detail/"],
    ["/result/detail/abc", "/api/result/detail/"],
    ["/builder/detail/abc", "/api/company/details/"],
    ["/builder/contacts/12x", "/api/company/details/"],
    ["/company-financial-data/0", "/api/company/"],
  ])("%s shows the 404 page and sends nothing", async (path, api) => {
    const { fetch } = renderSignedIn(path, makeUser(), refuseMalformed);
    await screen.findByText("Page Not Found");
    expect(screen.queryByText(/whole number/)).toBeNull();
    expect(detailCalls(fetch, api)).toHaveLength(0);
  });
});

describe("detail pages with an unknown id", () => {
  it.each([
    ["/tender/detail/999", "/live-tenders", "Back to Live Tenders"],
    ["/result/detail/999", "/results", "Back to Tender Results"],
    ["/builder/detail/999", "/builders", "Back to Builders"],
  ])("%s shows the 404 page with a way back to its list", async (path, to, label) => {
    renderSignedIn(path, makeUser(), () => undefined);
    await screen.findByText("Page Not Found");
    expect(screen.getByRole("link", { name: label }).getAttribute("href")).toBe(to);
  });
});

describe("a detail page that fails", () => {
  it("shows the frame's error state with the message and a way back", async () => {
    renderSignedIn("/result/detail/9", makeUser(), (url) => (url.pathname === "/api/result/detail/9" ? jsonResponse(503, { detail: "Search is being rebuilt" }) : undefined));
    await screen.findByText("This result could not be loaded");
    expect(screen.getAllByText("Search is being rebuilt").length).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: "Back to Tender Results" }).getAttribute("href")).toBe("/results");
    expect(screen.queryByText("Page Not Found")).toBeNull();
  });
});
