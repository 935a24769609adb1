// The bell's place in the top bar. The bell itself (antd's Badge, the unread count's query, the
// panel's opener) is a chunk of its own, fetched as the shell renders: it is not part of any
// page's first-open JavaScript (issue 17's 400 KB budget; Badge alone is ≈ 4 KB gz). Until it is
// there, or if it cannot be fetched, a plain bell of the same size holds its place.
import { BellOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { lazy, Suspense, type ComponentType } from "react";

function BellPlaceholder() {
  return <Button type="text" className="notification-bell" aria-label="Notifications" disabled icon={<BellOutlined style={{ fontSize: 18 }} />} />;
}

/** A bell that cannot be fetched (offline before it was) leaves the placeholder: the page goes on. */
const NotificationBell = lazy(
  async (): Promise<{ default: ComponentType }> =>
    import("./NotificationBell").then((m) => ({ default: m.NotificationBell }), () => ({ default: BellPlaceholder })),
);

export function NotificationBellSlot() {
  return (
    <Suspense fallback={<BellPlaceholder />}>
      <NotificationBell />
    </Suspense>
  );
}
