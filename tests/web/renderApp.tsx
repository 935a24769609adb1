// Render the real app (providers, routes, guards, layouts) at a path, with fetch stubbed.
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { TOKEN_STORAGE_KEY, REMEMBERED_EMAIL_KEY } from "../../common/constants";
import type { UserInfo } from "../../common/api";
import { Providers } from "../../src/App";
import { AppRoutes } from "../../src/AppRoutes";
import { clearSession } from "../../src/providers/session";
import { stubSignedInApi, type Route } from "./helpers";

let tokenCounter = 0;

/** Shows the router's current location so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderApp(path: string) {
  clearSession();
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Providers>
        <AppRoutes />
        <LocationProbe />
      </Providers>
    </MemoryRouter>,
  );
}

/** Sign a user in (token in storage, API answering for them) and render the app at a path. */
export function renderSignedIn(path: string, user: UserInfo, extra?: Route) {
  localStorage.setItem(TOKEN_STORAGE_KEY, `token-${++tokenCounter}`);
  if (!user.is_impersonated) localStorage.setItem(REMEMBERED_EMAIL_KEY, user.email);
  const fetch = stubSignedInApi(user, extra);
  return { ...renderApp(path), fetch };
}

/** One component inside the app's providers (Refine, antd, a router), outside any page. */
export function renderInApp(ui: ReactNode) {
  return render(
    <MemoryRouter>
      <Providers>{ui}</Providers>
    </MemoryRouter>,
  );
}

export const currentLocation = () => screen.getByTestId("location").textContent;

/**
 * Load page chunks ahead of a file's tests (in a beforeAll): on a busy machine the first
 * import of a lazy page can take longer than a test's wait for its first element.
 */
export function preloadPages(...loads: (() => Promise<unknown>)[]) {
  return Promise.all(loads.map((load) => load()));
}
