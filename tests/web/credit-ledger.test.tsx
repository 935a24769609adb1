// The profile's credit history (issue 20, point 2): a team member reads the team pool's rows with
// the member behind each — who spent what — beside their own, and the pool's balance above.
import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clearSession } from "../../src/providers/session";
import { jsonResponse, makeUser } from "./helpers";
import { preloadPages, renderSignedIn } from "./renderApp";

afterEach(() => clearSession());
beforeAll(() => preloadPages(() => import("../../src/pages/profile/ProfilePage")), 120_000);

const row = (id: number, delta: number, kind: string, note: string, team: boolean, by: string | null) => ({
  id, delta, kind, note, unlock_id: null, contact_id: null, created_at: "2026-11-20T05:30:00Z", team, by,
});

describe("profile: credit history of a team member", { timeout: 60_000 }, () => {
  it("shows who spent each credit of the team pool, and the pool's balance", async () => {
    const ledger = {
      count: 3, page: 1, page_size: 50, remaining_credits: 58, total_credits: 60,
      results: [
        row(3, -1, "unlock", "Unlocked contact 41", true, "Divya Rao"),
        row(2, -1, "unlock", "Unlocked contact 40", true, "Arjun Pillai"),
        row(1, 60, "adjustment", "Brought into the pool by the team's owner", true, "Asha Menon"),
      ],
    };
    renderSignedIn("/profile", makeUser({ id: 3 }), (url) => {
      if (url.pathname === "/api/credits/ledger/") return jsonResponse(200, ledger);
      if (url.pathname === "/api/share-links/") return jsonResponse(200, { count: 0, page: 1, page_size: 20, results: [] });
      return undefined;
    });
    const note = await screen.findByText("Unlocked contact 41", {}, { timeout: 19_000 });
    const history = note.closest("[data-card='ledger']") as HTMLElement;
    expect(within(history).getByText("58 of 60 left")).toBeTruthy();
    const rows = within(history).getAllByRole("row").slice(1).map((r) => r.textContent ?? "");
    expect(rows[0]).toContain("team pool, Divya Rao");
    expect(rows[1]).toContain("team pool, Arjun Pillai");
  });
});
