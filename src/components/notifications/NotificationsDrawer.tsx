// The bell's panel: the newest notifications (the first page), "Mark all read", and links to the
// full page and the settings. A Drawer, not a dropdown: it reads on a 390 px phone (full width
// there), keeps focus inside while open and closes with Esc. Its code is a chunk of its own,
// loaded when the bell is first pointed at or pressed (useLazyDialog).
import { Button, Drawer, Typography } from "antd";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { EmptyState } from "../page/PageShell";
import { PanelPlaceholder } from "../page/Panel";
import { NARROW_TOPBAR_QUERY, useMediaQuery } from "../../hooks/useMediaQuery";
import type { LazyDialogProps } from "../page/LazyDialogButton";
import type { NotificationView } from "../../../common/notifications";
import { useMarkRead, useNotificationList } from "./api";
import { NotificationItem, NotificationsLoadFailed } from "./NotificationItem";
import "./notifications.css";

/** Marks read quietly: a failure has had its toast from the HTTP layer, and the list stays as it was. */
const ignoreFailure = () => undefined;

export function NotificationsDrawer({ open, onClose }: LazyDialogProps) {
  const narrow = useMediaQuery(NARROW_TOPBAR_QUERY);
  const list = useNotificationList();
  const { markRead, isPending: marking } = useMarkRead();
  const unread = list.unread ?? list.notifications.filter((n) => n.read_at === null).length;

  // The drawer stays mounted once opened: each later opening asks again (the bell may count new ones).
  const openedBefore = useRef(false);
  const { refetch } = list;
  useEffect(() => {
    if (!open) return;
    if (openedBefore.current) void refetch();
    openedBefore.current = true;
  }, [open, refetch]);

  const openItem = (n: NotificationView) => {
    onClose();
    if (n.read_at === null) markRead({ ids: [n.id] }).catch(ignoreFailure);
  };

  // antd focuses the drawer's frame (no role, no name); a screen reader is better told the dialog:
  // focus its first control, the close button, once it is open. Esc gives focus back to the bell.
  const bodyRef = useRef<HTMLDivElement>(null);
  const focusFirstControl = (visible: boolean) => {
    if (visible) bodyRef.current?.closest(".ant-drawer-content")?.querySelector<HTMLElement>(".ant-drawer-close")?.focus();
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={focusFirstControl}
      placement="right"
      width={narrow ? "100%" : 440}
      title={
        <span>
          Notifications
          {unread > 0 && <Typography.Text type="secondary" className="notifications-drawer-count">{` · ${unread} unread`}</Typography.Text>}
        </span>
      }
      extra={
        <Button size="small" onClick={() => markRead({ all: true }).catch(ignoreFailure)} loading={marking} disabled={unread === 0}>
          Mark all read
        </Button>
      }
      footer={
        <div className="notifications-drawer-footer">
          <Link to="/notifications" onClick={onClose}>
            See all notifications
          </Link>
          <Link to="/notifications#settings" onClick={onClose}>
            Notification settings
          </Link>
        </div>
      }
      rootClassName="notifications-drawer"
      aria-label="Notifications"
    >
      <div ref={bodyRef}>
        {list.isPending ? (
          <PanelPlaceholder />
        ) : list.isError && list.notifications.length === 0 ? (
          <NotificationsLoadFailed onRetry={() => void list.refetch()} />
        ) : list.notifications.length === 0 ? (
          <EmptyState title="No notifications yet" text="When a tender or lead you follow changes (its closing date, value, status…), it is told here." />
        ) : (
          <ul className="notification-list" aria-label="Newest notifications">
            {list.notifications.map((n) => (
              <NotificationItem key={n.id} notification={n} onOpen={openItem} />
            ))}
          </ul>
        )}
      </div>
    </Drawer>
  );
}

export default NotificationsDrawer;
