// The verification mail's link (issue 13): /verify-email?token=… sends the token once to
// POST /api/verify-email/ and says whether the address is verified — signed in or not.
import { screen, waitFor } from "@testing-library/react";
import { fireEvent } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NOT_VERIFIED, SEND_LINK } from "../../src/components/auth/EmailVerificationNotice";
import { NO_TOKEN } from "../../src/pages/auth/VerifyEmailPage";
import { clearSession } from "../../src/providers/session";
import { jsonResponse, makeUser, stubApi } from "./helpers";
import { renderApp, renderSignedIn } from "./renderApp";

const INVALID = "This verification link is invalid or has expired. Ask for a new one on your profile page.";
const posts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .filter(([u, init]) => new URL(String(u), "http://x").pathname === "/api/verify-email/" && (init as RequestInit)?.method === "POST")
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
/** The antd alert a message is in (the profile page's notice): its kind (success/error/warning) and its description. */
const alertOf = (message: HTMLElement) => {
  const alert = message.closest(".ant-alert") as HTMLElement;
  const kind = ["success", "error", "warning", "info"].find((k) => alert.classList.contains(`ant-alert-${k}`));
  return { kind, description: alert.querySelector(".ant-alert-description")?.textContent ?? null };
};
/** The verify page's notice a message is in: its kind (success, announced as a status; error, as an alert) and its text. */
const noticeOf = (message: HTMLElement) => {
  const notice = message.closest(".auth-notice") as HTMLElement;
  const kind = ["success", "error", "warning"].find((k) => notice.classList.contains(`auth-notice-${k}`));
  expect(notice.getAttribute("role")).toBe(kind === "success" ? "status" : "alert");
  return { kind, description: notice.querySelector("p")?.textContent ?? null };
};

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
    expect(noticeOf(await screen.findByText("Your e-mail address is verified.", {}, { timeout: 15_000 })).kind).toBe("success");
    expect(screen.getByRole("link", { name: "Go to InfraScout" }).getAttribute("href")).toBe("/dashboard");
    expect(posts(fetch)).toEqual([{ token: "abc_DEF-123" }]);
  }, 30_000);

  it("says why a used or expired link did not verify", async () => {
    const fetch = stubApi((url, init) => (url.pathname === "/api/verify-email/" && init.method === "POST" ? jsonResponse(400, { token: [INVALID] }) : undefined));
    renderApp("/verify-email?token=spent");
    const failed = noticeOf(await screen.findByText("Not verified", {}, { timeout: 15_000 }));
    expect(failed).toEqual({ kind: "error", description: INVALID }); // the message alone, not 'token: …'

    expect(posts(fetch)).toHaveLength(1);
  }, 30_000);

  it("works for a signed-in user too, and a link without a token sends nothing", async () => {
    const { fetch } = renderSignedIn("/verify-email?token=t1", makeUser(), (url, init) =>
      url.pathname === "/api/verify-email/" && init.method === "POST" ? jsonResponse(200, { detail: "Your e-mail address is verified." }) : undefined,
    );
    expect(noticeOf(await screen.findByText("Your e-mail address is verified.", {}, { timeout: 15_000 })).kind).toBe("success");
    expect(posts(fetch)).toEqual([{ token: "t1" }]);
    clearSession();
    const bare = stubApi(() => undefined);
    renderApp("/verify-email");
    await waitFor(() => expect(screen.getAllByText("Not verified").length).toBeGreaterThan(0));
    expect(noticeOf(screen.getAllByText("Not verified").at(-1)!)).toEqual({ kind: "error", description: NO_TOKEN });
    expect(posts(bare)).toHaveLength(0);
  }, 30_000);
});

describe("asking for a new verification link", () => {
  afterEach(() => {
    clearSession();
    localStorage.clear();
  });
  const resend = (url: URL, init: RequestInit) =>
    url.pathname === "/api/verify-email/resend/" && init.method === "POST" ? jsonResponse(200, { detail: "We have sent a verification link to new@infrascout.in. It works for 24 hours." }) : undefined;
  const resendCalls = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([u]) => new URL(String(u), "http://x").pathname === "/api/verify-email/resend/");

  it("a new signup whose address is not verified sees the notice on the 'signup recorded' page and can ask for a link", async () => {
    const user = makeUser({ email: "new@infrascout.in", end_date: null, email_verified: false });
    const { fetch } = renderSignedIn("/dashboard", user, resend);
    await screen.findByText("Your signup has been recorded", {}, { timeout: 15_000 });
    expect(alertOf(screen.getByText(NOT_VERIFIED))).toEqual({ kind: "warning", description: "Confirm that new@infrascout.in is yours: we mail it a link to open." });
    fireEvent.click(screen.getByRole("button", { name: SEND_LINK }));
    await waitFor(() => expect(resendCalls(fetch)).toHaveLength(1));
    await screen.findByText("Open the link we mailed to new@infrascout.in.");
    expect(alertOf(screen.getByText(NOT_VERIFIED)).description).toBe("Open the link we mailed to new@infrascout.in.");
    // the server's own words, as a toast
    await screen.findByText("We have sent a verification link to new@infrascout.in. It works for 24 hours.");
  }, 30_000);

  it("the profile page shows it for an unverified address", async () => {
    renderSignedIn("/profile", makeUser({ email: "asha@steel.example", email_verified: false }), resend);
    const notice = alertOf(await screen.findByText(NOT_VERIFIED, {}, { timeout: 15_000 }));
    expect(notice).toEqual({ kind: "warning", description: "Confirm that asha@steel.example is yours: we mail it a link to open." });
    expect((screen.getByRole("button", { name: SEND_LINK }) as HTMLButtonElement).disabled).toBe(false);
  }, 30_000);

  it("the profile page shows nothing of it for a verified address", async () => {
    renderSignedIn("/profile", makeUser({ email: "ok@example.com", email_verified: true }), resend);
    expect((await screen.findAllByText("ok@example.com", {}, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expect(screen.queryByText(NOT_VERIFIED)).toBeNull();
  }, 30_000);
});
