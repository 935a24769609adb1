// The app: antd theme and message host, Refine with its providers and resources, the routes.
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { useEffect } from "react";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./AppRoutes";
import { setToastApi } from "./lib/toast";
import { accessControlProvider } from "./providers/accessControlProvider";
import { authProvider } from "./providers/authProvider";
import { dataProvider } from "./providers/dataProvider";
import { notificationProvider } from "./providers/notificationProvider";
import { resources } from "./resources";
import { REDUCED_MOTION_QUERY, useMediaQuery } from "./hooks/useMediaQuery";
import { themeFor } from "./theme";

/** Routes toasts through antd's <App> so they use the theme. */
function ToastBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    setToastApi(message);
    return () => setToastApi(null);
  }, [message]);
  return null;
}

export function Providers({ children }: { children: React.ReactNode }) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  return (
    <ConfigProvider theme={themeFor(reducedMotion)}>
      <AntdApp message={{ maxCount: 3 }}>
        <ToastBridge />
        <Refine
          dataProvider={dataProvider}
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
          {children}
        </Refine>
      </AntdApp>
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
