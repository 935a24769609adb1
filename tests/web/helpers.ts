// Shared helpers: fetch stubs that answer like the API, and user records.
import { vi } from "vitest";
import type { UserInfo, UserPreferences } from "../../common/api";
import { PROJECT_STATUSES } from "../../common/constants";

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "Content-Type": typeof body === "string" ? "text/plain" : "application/json" },
  });
}

export type Route = (url: URL, init: RequestInit) => Response | Promise<Response> | undefined;

/**
 * Stub fetch with a router over /api paths; unknown paths answer 404. Returns the mock to inspect
 * the calls sent. As the browser's fetch, a call whose signal is already aborted is refused and
 * sends nothing: a page unmounted by an earlier test (its query cancelled) whose call was waiting
 * for the REST provider's code must not show up as this test's call.
 */
export function stubApi(route: Route) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    return (await route(url, init)) ?? jsonResponse(404, { detail: "Not found." });
  });
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}) =>
    init.signal?.aborted ? Promise.reject(new DOMException("The operation was aborted.", "AbortError")) : mock(input, init);
  vi.stubGlobal("fetch", fetch);
  return mock;
}

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  const inAYear = new Date(Date.now() + 365 * 864e5).toISOString().slice(0, 10);
  return {
    id: 1,
    email: "asha@cement.example",
    username: "asha",
    first_name: "Asha",
    last_name: "Menon",
    phone: null,
    company: "Menon Cement",
    designation: null,
    preferred_proj_status: ["Planning"],
    preferred_sectors: [],
    preferred_states: [],
    end_date: inAYear,
    is_impersonated: false,
    is_staff: false,
    remaining_credits: 40,
    total_credits: 100,
    created_at: "2025-01-01T00:00:00Z",
    ...overrides,
  };
}

export const preferences: UserPreferences = {
  preferred_proj_status: ["Planning"],
  preferred_sectors: [],
  preferred_states: [],
  preferred_min_value: null,
  preferred_max_value: null,
  options: { statuses: [...PROJECT_STATUSES], sectors: ["Cement"], states: ["Kerala"] },
};

/** An API that knows one signed-in user. */
export function stubSignedInApi(user: UserInfo, extra?: Route) {
  return stubApi((url, init) => {
    const fromExtra = extra?.(url, init);
    if (fromExtra) return fromExtra;
    if (url.pathname === "/api/user-info/" && (init.method ?? "GET") === "GET") return jsonResponse(200, user);
    if (url.pathname === "/api/user-preferences/") return jsonResponse(200, preferences);
    return undefined;
  });
}

/** The label the lister's sort box shows. */
export const sortShown = () => document.querySelector(".sort-select .ant-select-selection-item")?.textContent;

/** A row of list/search/ as the API answers it (a construction lead in Kochi, ₹ 2.5 Cr, unmarked). */
export const leadRow = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Lead number ${id}`,
  category: "construction",
  is_ai: false,
  project_type: "{Hospital,Residential}",
  sector: "Healthcare",
  status: "Planning",
  stage: "Design",
  value: 25_000_000,
  state: "Kerala",
  district: "Ernakulam",
  city: "Kochi",
  owner_name: "Menon Builders",
  retrieved_on: "2025-03-05T10:00:00Z",
  arrived_date: "2025-03-05T10:00:00Z",
  start_date: null,
  completion_date: null,
  mark: "unmarked",
  ...extra,
});
