// The signed-in shells (side menu, top bar, drawer, account menu, the access gate's pages) load
// on demand, so the sign-in pages never download them (issue 17: /login ≤ 200 KB of JS gzipped).
// Each is shown inside a <Suspense> by AppRoutes; a missing chunk after a deploy reloads once.
import { lazyComponent } from "../../lib/lazyPage";

export const GatedAppLayout = lazyComponent(() => import("../auth/GatedAppLayout").then((m) => m.GatedAppLayout));
export const AppLayout = lazyComponent(() => import("./AppLayout").then((m) => m.AppLayout));
export const FocusLayout = lazyComponent(() => import("./FocusLayout").then((m) => m.FocusLayout));
