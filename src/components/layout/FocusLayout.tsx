// The shell for pages that come before the product (onboarding) or block it (signup
// recorded, subscription expired): the brand and the account menu, no side menu.
import { Layout } from "antd";
import { Suspense, type ReactNode } from "react";
import type { UserInfo } from "../../../common/api";
import { SessionAbility } from "../../access/ability";
import { FullPageSpinner } from "../auth/FullPageSpinner";
import { ImpersonationBanner } from "./AppLayout";
import { Brand } from "./Brand";
import { TopBar } from "./TopBar";

export function FocusLayout({ user, children }: { user: UserInfo; children: ReactNode }) {
  return (
    <SessionAbility user={user}>
      <Layout className="focus-layout">
        <div className="focus-brand-row">
          <Brand to="/dashboard" />
          <div className="focus-topbar">
            <TopBar user={user} showMenuToggle={false} showCredits={false} showShortcuts={false} />
          </div>
        </div>
        <ImpersonationBanner user={user} />
        <Layout.Content className="focus-content">
          <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
        </Layout.Content>
      </Layout>
    </SessionAbility>
  );
}
