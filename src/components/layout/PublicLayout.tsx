// The signed-out shell: brand, and Login / Signup links. Plain elements styled like antd's Layout
// (styles.css): the sign-in pages load nothing of antd's Layout, Sider or Space for them.
import { Suspense, type ReactNode } from "react";
import { Link, Outlet } from "react-router";
import { FullPageSpinner } from "../auth/FullPageSpinner";
import { Brand } from "./Brand";

export function PublicHeader() {
  return (
    <header className="public-header">
      <Brand to="/login" />
      <nav className="public-header-links" aria-label="Account">
        <Link to="/login" className="link-button">
          Login
        </Link>
        <Link to="/signup" className="link-button link-button-primary">
          Signup
        </Link>
      </nav>
    </header>
  );
}

export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="public-layout">
      <PublicHeader />
      <main className="public-content">
        <Suspense fallback={<FullPageSpinner />}>{children ?? <Outlet />}</Suspense>
      </main>
    </div>
  );
}
