// The profile page's save (usePreferencesSave, shared with My Feed's preferences drawer): PATCH
// user-info/ with the user's details and the preferences in the server's fields, 'Updated Profile',
// and the server's field messages beside their inputs (the rupee bounds beside the crore fields).
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, makeUser } from "./helpers";
import { renderSignedIn } from "./renderApp";

describe("profile save", () => {
  it("sends the details with the preferences and says 'Updated Profile'", async () => {
    const patched: unknown[] = [];
    const user = makeUser();
    renderSignedIn("/profile", user, (url, init) => {
      if (url.pathname === "/api/user-info/" && init.method === "PATCH") {
        patched.push(JSON.parse(String(init.body)));
        return jsonResponse(200, user);
      }
      return undefined;
    });
    const phone = await screen.findByLabelText("Phone", {}, { timeout: 15_000 });
    fireEvent.change(phone, { target: { value: "+91 98765 43210" } });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0]).toEqual({
      first_name: user.first_name,
      last_name: user.last_name,
      phone: "+91 98765 43210",
      company: user.company,
      designation: user.designation,
      preferred_proj_status: ["Planning"],
      preferred_sectors: [],
      preferred_states: [],
      preferred_min_value: null,
      preferred_max_value: null,
    });
    await screen.findByText("Updated Profile");
  }, 30_000);

  it("shows the server's field messages beside their inputs", async () => {
    renderSignedIn("/profile", makeUser(), (url, init) => {
      if (url.pathname === "/api/user-info/" && init.method === "PATCH") {
        return jsonResponse(400, { phone: ["Enter a valid phone number"], preferred_min_value: ["Must not be negative"] });
      }
      return undefined;
    });
    await screen.findByLabelText("Phone", {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    const beside = async (label: string, text: string) => {
      const item = (await screen.findByLabelText(label)).closest(".ant-form-item") as HTMLElement;
      await waitFor(() => expect(item.querySelector(".ant-form-item-explain")?.textContent).toBe(text));
    };
    await beside("Phone", "Enter a valid phone number");
    await beside("Value from", "Must not be negative");
    expect(screen.queryByText("Updated Profile")).toBeNull();
  }, 30_000);
});
