// The top bar's bell: the unread count (refreshed every minute and on returning to the window),
// said in its accessible name too ("Notifications, 3 unread"), and the panel of the newest
// notifications it opens. The panel's code loads when the bell is first pointed at or focused.
import { BellOutlined } from "@ant-design/icons";
import { Badge, Button } from "antd";
import { useLazyDialog, type LazyDialogProps } from "../page/LazyDialogButton";
import { useUnreadCount } from "./api";
import "./notifications.css";

/** One function, so every bell shares the panel's chunk. */
export const loadNotificationsDrawer = () => import("./NotificationsDrawer").then((m) => m.NotificationsDrawer);

/** The bell's accessible name: the count in words (the badge alone is only seen). */
export function bellLabel(unread: number | undefined): string {
  if (unread === undefined) return "Notifications";
  return unread === 0 ? "Notifications, none unread" : `Notifications, ${unread} unread`;
}

export function NotificationBell() {
  const { unread } = useUnreadCount();
  const drawer = useLazyDialog<LazyDialogProps>("Notifications", loadNotificationsDrawer);
  return (
    <>
      <Button
        type="text"
        className="notification-bell"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        loading={drawer.busy}
        onPointerEnter={drawer.preload}
        onFocus={drawer.preload}
        onClick={() => drawer.show({})}
        icon={
          <Badge count={unread ?? 0} size="small" overflowCount={99} className="notification-bell-badge">
            <BellOutlined className="notification-bell-icon" />
          </Badge>
        }
      />
      {drawer.element}
    </>
  );
}
