// Refine's router binding, minus the page URL's own parameters.
//
// Refine merges what the router parses from the URL into the `meta` of every data hook (useMeta),
// and our data providers read their options from `meta` (endpoint, itemPath, query, toast,
// responseType). A key a hook does not pass itself could then be set by a crafted link
// (`/builders?responseType=blob`, `?query[user]=7`). Our pages read their URLs themselves
// (lib/searchUrl), so Refine is given only what it uses: the route's `id`, its table keys and the
// sign-in return path `to`.
import base from "@refinedev/react-router";
import { useCallback } from "react";
import type { RouterProvider } from "@refinedev/core";

/** The URL parameters Refine itself reads; every other one stays out of hook meta. */
export const REFINE_URL_PARAMS = ["id", "filters", "sorters", "currentPage", "pageSize", "to"] as const;

type Parsed = ReturnType<ReturnType<NonNullable<RouterProvider["parse"]>>>;

export function withoutPageParams(parsed: Parsed): Parsed {
  const from = parsed.params ?? {};
  const params: Record<string, unknown> = {};
  for (const key of REFINE_URL_PARAMS) if (Object.hasOwn(from, key) && from[key] !== undefined) params[key] = from[key];
  return { ...parsed, params: params as Parsed["params"] };
}

const routerProvider: RouterProvider = {
  ...base,
  parse: () => {
    const parse = base.parse!();
    return useCallback(() => withoutPageParams(parse()), [parse]);
  },
};

export default routerProvider;
