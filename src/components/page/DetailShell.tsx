// The one frame of every detail page: the same loading state, the same 404 page (the app's
// NotFound page, for a malformed or unknown id) and the same error state; then the page's own
// title, subtitle and content once its record is there.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Skeleton } from "antd";
import { Panel } from "./Panel";
import { Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { Pages } from "../../pages";
import { EmptyState, PageShell } from "./PageShell";
import type { Detail } from "./useDetail";

export interface BackLink {
  to: string;
  label: string;
}

interface Props<T> {
  detail: Detail<T>;
  /** The page's title until the record is known: 'Project Details'. */
  title: string;
  /** What the record is, for the subtitle and messages: 'Project' → 'Project #7'. */
  noun: string;
  /** The way back to its list (none for a visitor on a shared link). */
  back?: BackLink | null;
  /** The error state's title; 'This <noun> could not be loaded' by default. */
  errorTitle?: string;
  /** Where the 404 page leads; 'Back to <back.label>' by default. */
  notFoundLink?: BackLink;
  /** Actions shown beside the way back, in every state. */
  actions?: ReactNode;
  /** The title and subtitle once the record is known. */
  titleOf: (record: T) => string;
  subtitleOf?: (record: T) => ReactNode;
  children: (record: T) => ReactNode;
}

function HeaderExtra({ back, actions }: { back?: BackLink | null; actions?: ReactNode }) {
  const link = back && (
    <Link to={back.to}>
      <ArrowLeftOutlined /> {back.label}
    </Link>
  );
  if (!actions) return link ?? null;
  return (
    <span className="detail-header-extra">
      {actions}
      {link}
    </span>
  );
}

export function DetailShell<T>({ detail, title, noun, back, errorTitle, notFoundLink, actions, titleOf, subtitleOf, children }: Props<T>) {
  const extra = <HeaderExtra back={back} actions={actions} />;
  const pendingSubtitle = `${noun} #${detail.id}`;

  if (detail.notFound) {
    const link = notFoundLink ?? (back ? { to: back.to, label: `Back to ${back.label}` } : undefined);
    // The 404 page's own chunk, as its route loads it (a static import would fold it into the
    // detail pages' shared code and out of the build's page list).
    return <Suspense fallback={<Skeleton active />}>{link ? <Pages.NotFound to={link.to} label={link.label} /> : <Pages.NotFound />}</Suspense>;
  }
  if (detail.isPending) {
    return (
      <PageShell title={title} subtitle={pendingSubtitle} extra={extra}>
        <Panel className="detail-loading" aria-busy="true">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Panel>
      </PageShell>
    );
  }
  const record = detail.record;
  if (detail.error || record === undefined) {
    return (
      <PageShell title={title} subtitle={pendingSubtitle} extra={extra}>
        <Panel className="detail-error">
          <EmptyState
            title={errorTitle ?? `This ${noun.toLowerCase()} could not be loaded`}
            text={
              <>
                {detail.error?.message}
                {back && (
                  <>
                    <br />
                    <Link to={back.to}>Back to {back.label}</Link>
                  </>
                )}
              </>
            }
          />
        </Panel>
      </PageShell>
    );
  }
  return (
    <PageShell title={titleOf(record)} subtitle={subtitleOf?.(record)} extra={extra}>
      {children(record)}
    </PageShell>
  );
}
