// The sign-in pages' own forms (src/pages/auth/form): each field's rule speaks under it when the
// form is sent, the first wrong field takes the focus, nothing is sent until all pass, a field
// checked once is checked again as it is edited, the server's word on a field shows under it,
// and a busy button sends nothing twice.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { jsonResponse, stubApi } from "./helpers";
import { currentLocation, preloadPages, renderApp } from "./renderApp";

beforeAll(() => preloadPages(
  () => import("../../src/pages/auth/LoginPage"),
  () => import("../../src/pages/auth/SignupPage"),
  () => import("../../src/pages/auth/ForgotPasswordPage"),
), 120_000);

const input = (label: string) => screen.getByLabelText(label, { exact: true, selector: "input" }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
/** The message under a field (tied to it by aria-describedby), or null when it shows none. */
const messageOf = (label: string) => {
  const id = input(label).getAttribute("aria-describedby");
  return id ? document.getElementById(id)?.textContent || null : null;
};
const posts = (fetch: ReturnType<typeof stubApi>, path: string) =>
  fetch.mock.calls.filter(([u, init]) => new URL(String(u), "http://x").pathname === path && (init as RequestInit)?.method === "POST");

describe("sign-in forms", () => {
  it("login: empty fields say what is missing, take the focus, and nothing is sent", async () => {
    const fetch = stubApi(() => undefined);
    renderApp("/login");
    fireEvent.click(await screen.findByRole("button", { name: "Login" }));
    await waitFor(() => expect(messageOf("Username or e-mail")).toBe("Enter your username or e-mail"));
    expect(messageOf("Password")).toBe("Enter your password");
    expect(input("Username or e-mail").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(input("Username or e-mail"));
    expect(posts(fetch, "/api/login/")).toHaveLength(0);

    // Checked fields are checked again as they are edited.
    type("Username or e-mail", "asha@example.org");
    await waitFor(() => expect(messageOf("Username or e-mail")).toBeNull());
    expect(input("Username or e-mail").getAttribute("aria-invalid")).toBeNull();
    expect(messageOf("Password")).toBe("Enter your password");
  });

  it("login: the password can be shown and hidden again", async () => {
    stubApi(() => undefined);
    renderApp("/login");
    const reveal = await screen.findByRole("button", { name: "Show password" });
    expect(input("Password").type).toBe("password");
    fireEvent.click(reveal);
    expect(input("Password").type).toBe("text");
    expect(reveal.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(reveal);
    expect(input("Password").type).toBe("password");
  });

  it("login: a double click while signing in sends one request", async () => {
    let answer!: (r: Response) => void;
    const fetch = stubApi((url) => (url.pathname === "/api/login/" ? new Promise<Response>((r) => (answer = r)) : undefined));
    renderApp("/login");
    await screen.findByRole("button", { name: "Login" });
    type("Username or e-mail", "asha@example.org");
    type("Password", "wrong-pass-1");
    const button = screen.getByRole("button", { name: "Login" });
    fireEvent.click(button);
    await waitFor(() => expect(posts(fetch, "/api/login/")).toHaveLength(1));
    expect(button.getAttribute("aria-busy")).toBe("true");
    fireEvent.click(button);
    fireEvent.submit(button.closest("form")!); // Enter in a field
    await new Promise((r) => setTimeout(r, 200));
    expect(posts(fetch, "/api/login/")).toHaveLength(1);
    answer(jsonResponse(400, { non_field_errors: ["Unable to log in with provided credentials."] }));
    await waitFor(() => expect(button.getAttribute("aria-busy")).toBeNull());
    expect(currentLocation()).toBe("/login");
  });

  it("signup: e-mail and password rules; optional fields say so; the server's word on a field shows under it", async () => {
    const fetch = stubApi((url) => (url.pathname === "/api/signup/" ? jsonResponse(400, { email: ["A user with that e-mail already exists."] }) : undefined));
    renderApp("/signup");
    await screen.findByRole("button", { name: "Signup" });
    expect(screen.getByText("Last name").textContent).toBe("Last name (optional)");
    type("First name", "Kiran");
    type("E-mail", "kiran@");
    type("Password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Signup" }));
    await waitFor(() => expect(messageOf("E-mail")).toBe("Enter a valid e-mail address"));
    expect(messageOf("Password")).toBe("Use at least 8 characters");
    expect(messageOf("First name")).toBeNull();
    expect(document.activeElement).toBe(input("E-mail"));
    expect(posts(fetch, "/api/signup/")).toHaveLength(0);

    type("E-mail", "kiran@example.org");
    type("Password", "Signup-pass-42");
    fireEvent.click(screen.getByRole("button", { name: "Signup" }));
    await waitFor(() => expect(messageOf("E-mail")).toBe("A user with that e-mail already exists."));
    expect(posts(fetch, "/api/signup/")).toHaveLength(1);
    expect(JSON.parse(String(posts(fetch, "/api/signup/")[0][1]!.body))).toMatchObject({ first_name: "Kiran", email: "kiran@example.org", last_name: "" });
    expect(currentLocation()).toBe("/signup");
  });

  it("new password: the confirmation must match, and is checked again when the password changes", async () => {
    const fetch = stubApi(() => undefined);
    renderApp("/forgot-password?token=t0k");
    await screen.findByRole("button", { name: "Set new password" });
    type("New password", "Fresh-pass-77");
    type("Confirm new password", "Fresh-pass-78");
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
    await waitFor(() => expect(messageOf("Confirm new password")).toBe("The passwords do not match"));
    type("New password", "Fresh-pass-78");
    await waitFor(() => expect(messageOf("Confirm new password")).toBeNull());
    expect(posts(fetch, "/api/reset-password/")).toHaveLength(0);
  });
});
