// The app: antd theme and message host, Refine with its providers and resources, the routes.
import { Refine } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import routerProvider from "./providers/routerProvider";
import { ConfigProvider, theme } from "antd";
import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./AppRoutes";
import { setToastHostMounter } from "./lib/toast";
import { accessControlProvider } from "./providers/accessControlProvider";
import { authProvider } from "./providers/authProvider";
import { dataProvider } from "./providers/dataProvider";
import { bindIdentityStore } from "./providers/identityStore";
import { lazyDataProvider } from "./providers/lazyDataProvider";
import { notificationProvider } from "./providers/notificationProvider";
import { resources } from "./resources";
import { REDUCED_MOTION_QUERY, useMediaQuery } from "./hooks/useMediaQuery";
import { themeFor } from "./theme";

/** The plain REST resources' provider (reminders, saved searches, users…), loaded when first used. */
const restDataProvider = lazyDataProvider(() => import("./providers/restDataProvider").then((m) => m.restDataProvider));

const loadToastHost = () => import("./components/ToastHost");
/** If the host's file cannot be fetched (offline before it was), toasts wait unseen and the page goes on. */
const ToastHost = lazy(async (): Promise<{ default: ComponentType }> => loadToastHost().catch(() => ({ default: () => null })));

/**
 * Mounts the toasts' host (components/ToastHost) for the first toast, and fetches its file once
 * the page has loaded and the browser is idle, so that toast does not wait on the network.
 */
function ToastBridge() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    setToastHostMounter(() => setWanted(true));
    const prefetch = () => void loadToastHost().catch(() => undefined);
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    const start = () => idle(prefetch);
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      setToastHostMounter(null);
      window.removeEventListener("load", start);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

/** Lets the session write Refine's identity query (providers/identityStore) while the app is mounted. */
function IdentityStoreBridge() {
  const queryClient = useQueryClient();
  useEffect(() => bindIdentityStore(queryClient), [queryClient]);
  return null;
}

/**
 * The theme's text style for everything inside, as antd's <App> gives it. Not <App> itself: it
 * also brings Modal and Notification (≈ 14 KB gzipped) to every page, the sign-in pages too,
 * and no page uses them through it.
 */
function ThemedText({ children }: { children: React.ReactNode }) {
  const { token, hashId } = theme.useToken();
  // hashId: antd scopes its shared reset (links in the theme's colour, no underline) to it.
  return (
    <div className={hashId} style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {children}
    </div>
  );
}

export function Providers({ children }: { children: React.ReactNode }) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  // Icons beside text are decorative: out of the accessible names, for every page (lib/decorativeIcons,
  // its own small file: no page's first download grows for it; it looks at what is there when it starts).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let done = false;
    // …and a required Select's or group's aria-required goes where ARIA allows it (lib/formControlAria).
    Promise.all([import("./lib/decorativeIcons"), import("./lib/formControlAria")])
      .then(([icons, forms]) => {
        if (done) return;
        const stops = [icons.watchDecorativeIcons(), forms.watchFormControlAria()];
        stop = () => stops.forEach((s) => s());
      })
      .catch(() => undefined);
    return () => {
      done = true;
      stop?.();
    };
  }, []);
  return (
    <ConfigProvider theme={themeFor(reducedMotion)}>
      <ThemedText>
        <ToastBridge />
        <Refine
          dataProvider={{ default: dataProvider, rest: restDataProvider }}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          notificationProvider={notificationProvider}
          routerProvider={routerProvider}
          resources={resources}
          options={{
            disableTelemetry: true,
            syncWithLocation: true,
            warnWhenUnsavedChanges: false,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
          }}
        >
          <IdentityStoreBridge />
          {children}
        </Refine>
      </ThemedText>
    </ConfigProvider>
  );
}

export default function App() {
  return (
    <BrowserRouter>
      <Providers>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  );
}
