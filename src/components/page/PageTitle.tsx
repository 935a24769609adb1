// The page's one h1 (issue 21): every signed-in page's title through PageShell, styled as antd's
// level-3 title was (styles.css .page-title). tabIndex -1: after a route change the layout moves
// focus here (components/layout/useRouteFocus), so a screen reader starts at the new page.
import type { ReactNode } from "react";

export const PAGE_TITLE_CLASS = "page-title";

export function PageTitle({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <h1 className={className ? `${PAGE_TITLE_CLASS} ${className}` : PAGE_TITLE_CLASS} tabIndex={-1}>
      {children}
    </h1>
  );
}
