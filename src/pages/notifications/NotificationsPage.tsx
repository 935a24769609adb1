// Every notification of the user (issue 19): changes to the tenders and leads they follow, newest
// first, a page at a time (NOTIFICATION_PAGE_SIZE), all or only the unread ones; mark one or all
// read; and the settings of how each kind is e-mailed. The filter and page are in the address
// (?unread=true&page=2), so the back button and a reload keep them.
import { Button, Pagination, Segmented } from "antd";
import { useEffect } from "react";
import { useLocation, useSearchParams } from "react-router";
import { Panel, PanelPlaceholder } from "../../components/page/Panel";
import { EmptyState, PageShell } from "../../components/page/PageShell";
import { useMarkRead, useNotificationList } from "../../components/notifications/api";
import { NotificationItem, NotificationsLoadFailed } from "../../components/notifications/NotificationItem";
import { NOTIFICATION_PAGE_SIZE, type NotificationView } from "../../../common/notifications";
import { NotificationSettingsPanel } from "./NotificationSettingsPanel";
import "../../components/notifications/notifications.css";
import { pagerItemRender } from "../../components/search/pager";

type Show = "all" | "unread";

/** A failed mark has had its toast from the HTTP layer; the list stays as it was. */
const ignoreFailure = () => undefined;

export default function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const show: Show = params.get("unread") === "true" ? "unread" : "all";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const list = useNotificationList({ page, unreadOnly: show === "unread" });
  const { markRead, isPending: marking } = useMarkRead();
  const unread = list.unread ?? 0;
  const { hash } = useLocation();

  // The bell's "Notification settings" link opens the page at them.
  useEffect(() => {
    if (hash === "#settings") document.getElementById("settings")?.scrollIntoView?.({ block: "start" });
  }, [hash]);

  const go = (next: { show?: Show; page?: number }) => {
    const query = new URLSearchParams();
    if ((next.show ?? show) === "unread") query.set("unread", "true");
    const nextPage = next.page ?? 1;
    if (nextPage > 1) query.set("page", String(nextPage));
    setParams(query);
  };

  const markOne = (n: NotificationView) => void markRead({ ids: [n.id] }).catch(ignoreFailure);
  const opened = (n: NotificationView) => {
    if (n.read_at === null) markOne(n);
  };

  return (
    <PageShell title="Notifications" subtitle="Changes to the tenders and leads you follow: those you set reminders on, shortlisted, shared, get alerts for or viewed.">
      <div className="notifications-page">
      <Panel aria-busy={list.isFetching} aria-label="Notifications list">
        <div className="notifications-toolbar">
          <Segmented<Show>
            value={show}
            onChange={(value) => go({ show: value })}
            options={[
              { value: "all", label: "All" },
              { value: "unread", label: unread > 0 ? `Unread (${unread})` : "Unread" },
            ]}
            aria-label="Show"
          />
          <Button onClick={() => void markRead({ all: true }).catch(ignoreFailure)} loading={marking} disabled={unread === 0}>
            Mark all read
          </Button>
        </div>
        {list.isPending ? (
          <PanelPlaceholder />
        ) : list.isError && list.notifications.length === 0 ? (
          <NotificationsLoadFailed onRetry={() => void list.refetch()} />
        ) : list.notifications.length === 0 ? (
          show === "unread" ? (
            <EmptyState title="Nothing unread" text="You have read every notification." />
          ) : (
            <EmptyState
              title="No notifications yet"
              text="When a tender or lead you follow changes (its closing date, value, status, a new corrigendum…), it is told here and under the bell."
            />
          )
        ) : (
          <>
            <ul className="notification-list">
              {list.notifications.map((n) => (
                <NotificationItem key={n.id} notification={n} onOpen={opened} onMarkRead={markOne} />
              ))}
            </ul>
            {list.total > NOTIFICATION_PAGE_SIZE && (
              <Pagination
                itemRender={pagerItemRender}
                className="notifications-pagination"
                current={page}
                pageSize={NOTIFICATION_PAGE_SIZE}
                total={list.total}
                showSizeChanger={false}
                onChange={(next) => go({ page: next })}
                size="small"
              />
            )}
          </>
        )}
      </Panel>
      <NotificationSettingsPanel />
      </div>
    </PageShell>
  );
}
