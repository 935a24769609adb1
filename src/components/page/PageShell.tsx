// The frame of every signed-in page: a header with the page title (the page's one h1, and the
// browser tab's title), an optional subtitle and actions, then the content.
import { Empty, Flex, Typography } from "antd";
import type { ReactNode } from "react";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { PageTitle } from "./PageTitle";

interface Props {
  title: string;
  subtitle?: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}

export function PageShell({ title, subtitle, extra, children }: Props) {
  useDocumentTitle(title);
  return (
    <section className="page">
      <Flex className="page-header" justify="space-between" align="flex-start" wrap gap={12}>
        <div>
          <PageTitle>{title}</PageTitle>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </div>
        {extra}
      </Flex>
      <div className="page-body">{children}</div>
    </section>
  );
}

/** What a page shows while it has nothing to list; says plainly what will appear here. */
export function EmptyState({ title, text }: { title: string; text?: ReactNode }) {
  return (
    <div className="empty-state">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text strong>{title}</Typography.Text>
            {text && (
              <>
                <br />
                <Typography.Text type="secondary">{text}</Typography.Text>
              </>
            )}
          </>
        }
      />
    </div>
  );
}
