// The signed-in shell: side menu (a drawer under 576px, collapsed at first under 768px),
// top bar, impersonation banner, and the page. For keyboards and screen readers: "Skip to
// content" first, the menu in <nav aria-label="Main">, the page in <main>, and focus on the new
// page's h1 after a route change.
import { useLogout } from "@refinedev/core";
import { Alert, Button, Drawer, Layout } from "antd";
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { Outlet } from "react-router";
import type { UserInfo } from "../../../common/api";
import { Can, SessionAbility } from "../../access/ability";
import { SIDER_WIDTH, SIDER_WIDTH_DRAWER } from "../../../common/constants";
import { COLLAPSED_QUERY, DRAWER_QUERY, useMediaQuery } from "../../hooks/useMediaQuery";
import type { LogoutParams } from "../../providers/authProvider";
import { FullPageSpinner } from "../auth/FullPageSpinner";
import { Brand } from "./Brand";
import { SideMenu } from "./SideMenu";
import { MAIN_CONTENT_ID, SkipLink } from "./SkipLink";
import { TopBar } from "./TopBar";
import { useRouteFocus } from "./useRouteFocus";

export const COLLAPSED_SIDER_WIDTH = 64;

export function ImpersonationBanner({ user }: { user: UserInfo }) {
  const { mutate: logout, isPending } = useLogout<LogoutParams>();
  return (
    <Can I="cancel" a="Impersonation">
      <Alert
        banner
        type="warning"
        showIcon
        className="impersonation-banner"
        message={`You are impersonating ${user.email}`}
        action={
          <Button size="small" loading={isPending} onClick={() => logout({ cancelImpersonation: true })}>
            Return to my account
          </Button>
        }
      />
    </Can>
  );
}

export function AppLayout({ user, children }: { user: UserInfo; children?: ReactNode }) {
  const drawerMode = useMediaQuery(DRAWER_QUERY);
  const startCollapsed = useMediaQuery(COLLAPSED_QUERY);
  const [collapsed, setCollapsed] = useState(startCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // Crossing the 768px line (rotating a tablet) resets the menu to that width's default.
  useEffect(() => setCollapsed(startCollapsed), [startCollapsed]);

  const toggle = () => (drawerMode ? setDrawerOpen((open) => !open) : setCollapsed((c) => !c));
  useRouteFocus();

  return (
    <SessionAbility user={user}>
      <SkipLink />
      <Layout className="app-layout" hasSider={!drawerMode}>
        {drawerMode ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            width={SIDER_WIDTH_DRAWER}
            closable={false}
            styles={{ body: { padding: 0, background: "#0f2a3d" }, header: { display: "none" } }}
            rootClassName="menu-drawer"
          >
            <div className="sider-brand">
              <Brand to="/dashboard" light />
            </div>
            <nav aria-label="Main">
              <SideMenu onNavigate={() => setDrawerOpen(false)} />
            </nav>
          </Drawer>
        ) : (
          <Layout.Sider
            className="app-sider"
            width={SIDER_WIDTH}
            collapsedWidth={COLLAPSED_SIDER_WIDTH}
            collapsed={collapsed}
            trigger={null}
            collapsible
          >
            <div className="sider-brand">
              <Brand to="/dashboard" compact={collapsed} light />
            </div>
            <nav aria-label="Main">
              <SideMenu collapsed={collapsed} />
            </nav>
          </Layout.Sider>
        )}
        <Layout className="app-main">
          <TopBar user={user} menuCollapsed={drawerMode ? !drawerOpen : collapsed} onToggleMenu={toggle} />
          <ImpersonationBanner user={user} />
          <Layout.Content className="app-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
            <Suspense fallback={<FullPageSpinner />}>{children ?? <Outlet />}</Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </SessionAbility>
  );
}
