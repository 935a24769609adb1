// The signed-in shells (side menu, top bar, drawer, account menu, the access gate's pages) load
// on demand, so the sign-in pages never download them (issue 17: /login ≤ 200 KB of JS gzipped).
// Each is shown inside a <Suspense> by AppRoutes; a missing chunk after a deploy reloads once.
import { lazyComponent } from "../../lib/lazyPage";
import { getToken } from "../../lib/token";

const loadGatedAppLayout = () => import("../auth/GatedAppLayout");

export const GatedAppLayout = lazyComponent(() => loadGatedAppLayout().then((m) => m.GatedAppLayout));
export const AppLayout = lazyComponent(() => import("./AppLayout").then((m) => m.AppLayout));
export const FocusLayout = lazyComponent(() => import("./FocusLayout").then((m) => m.FocusLayout));

/**
 * A visitor with a stored token will be shown the signed-in shell: start fetching it now,
 * alongside the session, instead of after it (one round trip less before the page appears).
 * A failure here is ignored; rendering the shell retries, with the single reload of lazyPage.
 */
export function preloadSignedInShell(): void {
  if (getToken()) loadGatedAppLayout().catch(() => undefined);
}
