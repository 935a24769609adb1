// The lister's URL state: two changes made before React re-renders (two quick facet ticks on a
// busy machine) build on each other, so neither is lost.
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { useSearchState } from "../../src/components/search/useSearchState";

function useStateAndUrl() {
  return { search: useSearchState("search_all_tenders", ["items"]), location: useLocation() };
}

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={["/live-tenders?items=x"]}>{children}</MemoryRouter>;

describe("useSearchState", () => {
  it("keeps both of two quick facet ticks made before a re-render", () => {
    const { result } = renderHook(useStateAndUrl, { wrapper });
    const { update } = result.current.search;
    act(() => {
      update((s) => ({ values: { ...s.values, tender_status: [...(s.values.tender_status ?? []), "AOC"] } }));
      update((s) => ({ values: { ...s.values, tender_status: [...(s.values.tender_status ?? []), "Closed"] } }));
    });
    expect(result.current.search.state.values.tender_status).toEqual(["AOC", "Closed"]);
    const params = new URLSearchParams(result.current.location.search);
    expect(params.getAll("filter")).toEqual(["tender_status:AOC", "tender_status:Closed"]);
    expect(params.get("items")).toBe("x"); // the page's own key is kept
  });
});
