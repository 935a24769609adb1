// The signed-out shell: brand, and Login / Signup links.
import { Layout, Space } from "antd";
import { Suspense, type ReactNode } from "react";
import { Link, Outlet } from "react-router";
import { FullPageSpinner } from "../auth/FullPageSpinner";
import { Brand } from "./Brand";

export function PublicHeader() {
  return (
    <Layout.Header className="public-header">
      <Brand to="/login" />
      <Space size={4}>
        <Link to="/login" className="link-button">
          Login
        </Link>
        <Link to="/signup" className="link-button link-button-primary">
          Signup
        </Link>
      </Space>
    </Layout.Header>
  );
}

export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <Layout className="public-layout">
      <PublicHeader />
      <Layout.Content className="public-content">
        <Suspense fallback={<FullPageSpinner />}>{children ?? <Outlet />}</Suspense>
      </Layout.Content>
    </Layout>
  );
}
