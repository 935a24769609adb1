// The verification mail's link (issue 13): /verify-email?token=… sends the token once to
// POST /api/verify-email/ and says whether the address is verified — signed in or not.
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearSession } from "../../src/providers/session";
import { jsonResponse, makeUser, stubApi } from "./helpers";
import { renderApp, renderSignedIn } from "./renderApp";

const INVALID = "This verification link is invalid or has expired. Ask for a new one on your profile page.";
const posts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .filter(([u, init]) => new URL(String(u), "http://x").pathname === "/api/verify-email/" && (init as RequestInit)?.method === "POST")
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

describe("/verify-email", () => {
  afterEach(() => {
    clearSession();
    localStorage.clear();
  });

  it("signed out: sends the token once and says the address is verified", async () => {
    const fetch = stubApi((url, init) =>
      url.pathname === "/api/verify-email/" && init.method === "POST" ? jsonResponse(200, { detail: "Your e-mail address is verified." }) : undefined,
    );
    renderApp("/verify-email?token=abc_DEF-123");
    expect(await screen.findByText("Your e-mail address is verified.", {}, { timeout: 15_000 })).toBeTruthy();
    expect(posts(fetch)).toEqual([{ token: "abc_DEF-123" }]);
  }, 30_000);

  it("says why a used or expired link did not verify", async () => {
    const fetch = stubApi((url, init) => (url.pathname === "/api/verify-email/" && init.method === "POST" ? jsonResponse(400, { token: [INVALID] }) : undefined));
    renderApp("/verify-email?token=spent");
    expect(await screen.findByText("Not verified", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText((text) => text.includes(INVALID))).toBeTruthy();
    expect(posts(fetch)).toHaveLength(1);
  }, 30_000);

  it("works for a signed-in user too, and a link without a token sends nothing", async () => {
    const { fetch } = renderSignedIn("/verify-email?token=t1", makeUser(), (url, init) =>
      url.pathname === "/api/verify-email/" && init.method === "POST" ? jsonResponse(200, { detail: "Your e-mail address is verified." }) : undefined,
    );
    expect(await screen.findByText("Your e-mail address is verified.", {}, { timeout: 15_000 })).toBeTruthy();
    expect(posts(fetch)).toEqual([{ token: "t1" }]);
    clearSession();
    const bare = stubApi(() => undefined);
    renderApp("/verify-email");
    await waitFor(() => expect(screen.getAllByText("Not verified").length).toBeGreaterThan(0));
    expect(posts(bare)).toHaveLength(0);
  }, 30_000);
});
