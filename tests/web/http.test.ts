// The error catalogue of spec section 8, through the real HTTP layer with fetch answering
// as the server would. Each case checks the toast a user reads and what happens next.
import { act, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ERROR_MESSAGE_CAP, LOGGED_IN_ELSEWHERE_MESSAGE, LOGOUT_DELAY_MS, TOKEN_STORAGE_KEY } from "../../common/constants";
import { hardNavigation } from "../../src/lib/redirect";
import { message } from "antd";
import { buildUrl, http, HttpError } from "../../src/providers/http";
import { jsonResponse, stubApi } from "./helpers";

/** The text of the toasts on screen (not those of earlier tests that are animating away). */
const toasts = () =>
  Array.from(document.querySelectorAll(".ant-message-notice-content"))
    .filter((n) => !n.closest('[class*="leave"]'))
    .map((n) => n.textContent ?? "");

async function failureOf(call: () => Promise<unknown>): Promise<HttpError> {
  try {
    await call();
  } catch (error) {
    return error as HttpError;
  }
  throw new Error("the call did not fail");
}

/** Wait until antd shows exactly these toasts. */
async function toastsShown(expected: string[]) {
  await waitFor(() => expect(toasts()).toEqual(expected));
}

beforeEach(() => {
  localStorage.setItem(TOKEN_STORAGE_KEY, "abc123");
  window.history.replaceState(null, "", "/builders?page=2");
});
// Each test starts with no toast on screen (those of earlier tests are leaving).
afterEach(async () => {
  vi.useRealTimers(); // a test that failed under fake timers must not stall the wait below
  message.destroy();
  await waitFor(() => expect(toasts()).toEqual([]));
});
// The toasts' own React root still has leave animations scheduled after the last test; the simulated DOM
// must outlive them, or React's scheduler runs them with no window ("window is not defined",
// an unhandled error that fails the run). This is teardown, not a wait for what a test checks.
afterAll(async () => {
  message.destroy();
  await act(async () => {
    await new Promise((r) => setTimeout(r, 1000));
  });
});

describe("the error catalogue", () => {
  it("sends the token as 'Authorization: Token <key>' to /api", async () => {
    const fetch = stubApi(() => jsonResponse(200, { ok: true }));
    await http.get("user-info/");
    const [url, init] = fetch.mock.calls[0];
    expect(String(url)).toBe("/api/user-info/");
    expect((init!.headers as Record<string, string>).Authorization).toBe("Token abc123");
  });

  it.each([
    [401, { detail: "Authentication credentials were not provided." }],
    [409, { detail: LOGGED_IN_ELSEWHERE_MESSAGE }],
  ])("%i: 'You are unauthorized, Redirecting to login page', then logout after 0.5 s", async (status, body) => {
    stubApi(() => jsonResponse(status, body));
    const assign = vi.spyOn(hardNavigation, "assign").mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const error = await failureOf(() => http.get("user-info/"));
    expect(error.message).toBe("You are unauthorized, Redirecting to login page");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(toasts()).toContain("You are unauthorized, Redirecting to login page");
    expect(assign).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("abc123");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(450);
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith("/login?redirect=%2Fbuilders%3Fpage%3D2");
  });

  it("a 401 for a session already replaced ends nothing: the session in use stays, no toast", async () => {
    // An impersonation is cancelled while one of its calls is on the way: the server refuses the
    // ended impersonation's token after the staff member's own token is back.
    let answer!: (r: Response) => void;
    stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const assign = vi.spyOn(hardNavigation, "assign").mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const call = failureOf(() => http.get("dashboard/"));
    await waitFor(() => expect(answer).toBeTypeOf("function"));
    localStorage.setItem(TOKEN_STORAGE_KEY, "staff-token");
    answer(jsonResponse(401, { detail: "Invalid token." }));
    expect((await call).statusCode).toBe(401);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS + 100);
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("staff-token");
    expect(assign).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it("409 for another reason is not a logout", async () => {
    stubApi(() => jsonResponse(409, { detail: "This reminder already exists." }));
    const assign = vi.spyOn(hardNavigation, "assign").mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const error = await failureOf(() => http.post("reminders/", {}));
    expect(error.message).toBe("This reminder already exists.");
    // Past the logout delay (fake time): no logout was scheduled.
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS + 1);
    expect(assign).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("abc123");
    vi.useRealTimers();
    await toastsShown(["This reminder already exists."]);
  });

  it("a cancelled request is ignored silently", async () => {
    stubApi(() => {
      throw new DOMException("The operation was aborted.", "AbortError");
    });
    const open = vi.spyOn(message, "open");
    const controller = new AbortController();
    controller.abort();
    const error = await failureOf(() => http.get("list/search/", { signal: controller.signal }));
    expect(error.message).toBe("Request Cancelled");
    expect(open).not.toHaveBeenCalled(); // toasts are opened synchronously with the failure
    expect(toasts()).toEqual([]);
  });

  it.each([
    ["404 on a data fetch", 404, { detail: "Not found." }, "404 Not Found"],
    ["429", 429, { detail: "Request was throttled." }, "Too Many Requests"],
    ["5xx with a message", 503, { detail: "Search is being re-indexed, try again in a minute." }, "Search is being re-indexed, try again in a minute."],
    ["5xx without one", 502, "", "Server Error"],
    ["500", 500, { detail: "relation does not exist" }, "Internal Server Error"],
    ["anything else", 400, {}, "Something went wrong!"],
    ["field messages", 400, { email: ["Enter a valid e-mail address."], phone: ["Too short."] }, "email: Enter a valid e-mail address."],
    ["a general detail", 400, { detail: "Unable to log in with provided credentials." }, "Unable to log in with provided credentials."],
  ])("%s → toast %j", async (_name, status, body, text) => {
    stubApi(() => jsonResponse(status as number, body));
    const error = await failureOf(() => http.get("list/search/"));
    expect(error.message).toBe(text);
    expect(error.statusCode).toBe(status);
    await toastsShown([text]);
  });

  it("a 404 on a write is not '404 Not Found' but the general message", async () => {
    stubApi(() => jsonResponse(404, {}));
    const error = await failureOf(() => http.patch("user-info/", { first_name: "A" }));
    expect(error.message).toBe("Something went wrong!");
  });

  it(`caps messages at ${ERROR_MESSAGE_CAP} characters`, async () => {
    stubApi(() => jsonResponse(400, { title: ["x".repeat(400)] }));
    const error = await failureOf(() => http.get("list/search/"));
    expect(error.message).toHaveLength(ERROR_MESSAGE_CAP);
    await waitFor(() => expect(toasts()[0]).toHaveLength(ERROR_MESSAGE_CAP));
  });

  it("error toasts replace each other (one key) and stay 10 s; other toasts 3 s", async () => {
    stubApi(() => jsonResponse(429, {}));
    await failureOf(() => http.get("a/"));
    stubApi(() => jsonResponse(500, {}));
    await failureOf(() => http.get("b/"));
    await toastsShown(["Internal Server Error"]);

    const open = vi.spyOn(message, "open");
    const { toastError, toastSuccess } = await import("../../src/lib/toast");
    toastError("x");
    toastSuccess("Updated Profile");
    expect(open.mock.calls[0][0]).toMatchObject({ duration: 10, key: "infrascout-error" });
    expect(open.mock.calls[1][0]).toMatchObject({ duration: 3 });
  });

  it("toast:false leaves the message to the caller (sign-in forms)", async () => {
    stubApi(() => jsonResponse(400, { detail: "Unable to log in with provided credentials." }));
    const open = vi.spyOn(message, "open");
    const error = await failureOf(() => http.post("login/", {}, { toast: false }));
    expect(error.message).toBe("Unable to log in with provided credentials.");
    expect(open).not.toHaveBeenCalled(); // toasts are opened synchronously with the failure
    expect(toasts()).toEqual([]);
  });
});

describe("buildUrl", () => {
  it("repeats arrays, drops empty values", () => {
    expect(buildUrl("list/search/", { page: 1, filter: ["state:Kerala", "sector:Cement"], q: "", sort: undefined })).toBe(
      "/api/list/search/?page=1&filter=state%3AKerala&filter=sector%3ACement",
    );
  });
});
