// The shell for pages that come before the product (onboarding) or block it (signup
// recorded, subscription expired): the brand and the account menu, no side menu.
import { Layout } from "antd";
import { Suspense, type ReactNode } from "react";
import type { UserInfo } from "../../../common/api";
import { SessionAbility } from "../../access/ability";
import { FullPageSpinner } from "../auth/FullPageSpinner";
import { ImpersonationBanner } from "./AppLayout";
import { Brand } from "./Brand";
import { MAIN_CONTENT_ID, SkipLink } from "./SkipLink";
import { TopBar } from "./TopBar";
import { useRouteFocus } from "./useRouteFocus";

export function FocusLayout({ user, children }: { user: UserInfo; children: ReactNode }) {
  useRouteFocus();
  return (
    <SessionAbility user={user}>
      <SkipLink />
      <Layout className="focus-layout">
        <div className="focus-brand-row">
          <Brand to="/dashboard" />
          <div className="focus-topbar">
            <TopBar user={user} showMenuToggle={false} showCredits={false} showShortcuts={false} />
          </div>
        </div>
        <ImpersonationBanner user={user} />
        <Layout.Content className="focus-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
        </Layout.Content>
      </Layout>
    </SessionAbility>
  );
}
