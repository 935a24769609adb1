// Refine's identity (useGetIdentity, what every page reads) follows the token in use: the person a
// staff member acts as replaces them at once, and the staff member coming back (Return to my
// account) is shown as loaded then, never as cached from before the impersonation.
import { useGetIdentity } from "@refinedev/core";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setToken } from "../../src/lib/token";
import { clearSession, refreshIdentity, type Identity } from "../../src/providers/session";
import { jsonResponse, makeUser, stubSignedInApi } from "./helpers";
import { renderInApp } from "./renderApp";

function CreditsProbe() {
  const { data } = useGetIdentity<Identity | null>();
  return <output data-testid="credits">{data ? String(data.remaining_credits) : "none"}</output>;
}

const shownCredits = () => screen.getByTestId("credits").textContent;

describe("Refine's identity across tokens", () => {
  it("a token's identity shown again after another token's is the one loaded then, not the one from before", async () => {
    const remaining: Record<string, number> = { "Token staff-token": 100, "Token imp-token": 40 };
    stubSignedInApi(makeUser(), (url, init) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      return url.pathname === "/api/user-info/" ? jsonResponse(200, makeUser({ remaining_credits: remaining[auth] })) : undefined;
    });
    /** What starting or ending an impersonation does to the token and the session (lib/identityImpersonation). */
    const switchTo = async (token: string) => {
      setToken(token);
      clearSession();
      await refreshIdentity();
    };

    setToken("staff-token");
    clearSession();
    renderInApp(<CreditsProbe />);
    await waitFor(() => expect(shownCredits()).toBe("100"));
    await switchTo("imp-token");
    await waitFor(() => expect(shownCredits()).toBe("40"));
    remaining["Token staff-token"] = 93; // spent meanwhile (another tab)
    await switchTo("staff-token");
    await waitFor(() => expect(shownCredits()).toBe("93"));
  });
});
