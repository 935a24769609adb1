// The signed-in routes, generated from the resource list: each resource's list, show and other
// paths open their page behind the resource's access rule (Refine's <CanAccess> over the shared
// CASL rules). A refused user gets the resource's refusal page, else Page Not Found, as if the
// route did not exist (the staff-only area for everyone else).
import { CanAccess } from "@refinedev/core";
import type { ReactNode } from "react";
import { Route, useLocation, useParams } from "react-router";
import { isSharedLink } from "../components/auth/guards";
import { getToken } from "../lib/token";
import { Pages } from "../pages";
import { resources as allResources, type Page, type Resource } from "./index";

export interface ResourceRoute {
  path: string;
  resource: string;
  action: "list" | "show";
  page: Page;
  denied: Page;
}

/** Every path of the resources that has a page, with the rule that guards it. */
export function resourceRoutes(resources: Resource[] = allResources): ResourceRoute[] {
  return resources.flatMap((r) => {
    const meta = r.meta ?? {};
    const denied = meta.denied ?? Pages.NotFound;
    const of = (path: unknown, action: "list" | "show", page: Page | undefined): ResourceRoute[] =>
      typeof path === "string" && page ? [{ path, resource: r.name, action, page, denied }] : [];
    return [
      ...of(r.list, "list", meta.pages?.list),
      ...of(r.show, "show", meta.pages?.show),
      ...(meta.routes ?? []).flatMap((extra) => of(extra.path, extra.action ?? "show", extra.page)),
    ];
  });
}

function ResourceAccess({ route, children }: { route: ResourceRoute; children: ReactNode }) {
  const { search, pathname } = useLocation();
  const { id } = useParams();
  const token = getToken();
  // A shared tender or result link opens signed out (the gated layout let it through).
  if (!token && isSharedLink(search, pathname)) return <>{children}</>;
  const Denied = route.denied;
  return (
    <CanAccess
      resource={route.resource}
      action={route.action}
      // The token keys the answer to this session: it changes on sign-in and impersonation.
      params={{ id, session: token }}
      fallback={<Denied />}
    >
      {children}
    </CanAccess>
  );
}

/** The <Route> elements of the resources (children of the signed-in layout route). */
export function renderResourceRoutes(routes: ResourceRoute[] = resourceRoutes()) {
  return routes.map((route) => {
    const Page = route.page;
    return (
      <Route
        key={route.path}
        path={route.path}
        element={
          <ResourceAccess route={route}>
            <Page />
          </ResourceAccess>
        }
      />
    );
  });
}
