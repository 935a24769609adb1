// useSession holds the session of the token in use: one that comes back after another (Return to
// my account after acting as a user) shows what was loaded when it came back.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { useSession } from "../../src/hooks/useSession";
import { setToken } from "../../src/lib/token";
import { clearSession, loadSessionAndRemember } from "../../src/providers/session";
import { jsonResponse, makeUser, stubSignedInApi } from "./helpers";

const credits = (state: ReturnType<typeof useSession>) => state.session?.user.remaining_credits;

describe("useSession", () => {
  it("a token's session shown again after another token's is the one loaded then, not the one from before", async () => {
    const remaining: Record<string, number> = { "Token staff-token": 100, "Token imp-token": 40 };
    stubSignedInApi(makeUser(), (url, init) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      return url.pathname === "/api/user-info/" ? jsonResponse(200, makeUser({ remaining_credits: remaining[auth] })) : undefined;
    });
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    /** What starting or ending an impersonation does to the token and the session (lib/identityImpersonation). */
    const switchTo = async (token: string) => {
      setToken(token);
      clearSession();
      await loadSessionAndRemember(true);
    };

    setToken("staff-token");
    const { result, rerender } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(credits(result.current)).toBe(100));
    await switchTo("imp-token");
    rerender();
    await waitFor(() => expect(credits(result.current)).toBe(40));
    remaining["Token staff-token"] = 93; // spent meanwhile (another tab)
    await switchTo("staff-token");
    rerender();
    await waitFor(() => expect(credits(result.current)).toBe(93));
  });
});
