// The in-app notifications (common/notifications.ts) through Refine's hooks and the default data
// provider: the unread count the top bar's bell polls, a page of notifications, marking read, and
// the per-kind delivery settings. Every query sits under the "notifications" resource's Refine key,
// so one invalidation (resourceAll) after a write refreshes the bell, the panel and the page alike.
import { useCustom, useCustomMutation, useInvalidate, useKeys, useList, type HttpError } from "@refinedev/core";
import {
  NOTIFICATION_PAGE_SIZE,
  type NotificationKind,
  type NotificationSettings,
  type NotificationView,
  type DeliveryMode,
} from "../../../common/notifications";

/** The resource's name in src/resources/index.tsx (its endpoint is notifications/). */
export const NOTIFICATIONS = "notifications";

export const NOTIFICATION_PATHS = {
  unreadCount: "notifications/unread-count/",
  read: "notifications/read/",
  settings: "notifications/settings/",
} as const;

/** How often the bell asks for the unread count (also on returning to the window). */
export const UNREAD_REFRESH_MS = 60_000;

/** A query key of our own under the resource's Refine key, so invalidating the resource reaches it. */
function useNotificationsKey(part: string): unknown[] {
  const { keys } = useKeys();
  return [...keys().data("default").resource(NOTIFICATIONS).get(), part];
}

/** Refreshes every notifications query that is on screen (bell, panel, page, settings). */
export function useRefreshNotifications() {
  const invalidate = useInvalidate();
  return () => invalidate({ resource: NOTIFICATIONS, invalidates: ["resourceAll"] });
}

/**
 * The unread count for the bell: every minute while the window is in front, and on returning to
 * it. A failure is quiet (no toast every minute): the bell then shows no count.
 */
export function useUnreadCount() {
  const queryKey = useNotificationsKey("unread-count");
  const { query } = useCustom<{ unread: number }, HttpError>({
    url: NOTIFICATION_PATHS.unreadCount,
    method: "get",
    meta: { toast: false },
    errorNotification: false,
    queryOptions: { queryKey, refetchInterval: UNREAD_REFRESH_MS, refetchOnWindowFocus: true },
  });
  return { unread: query.data?.data.unread, isError: query.isError };
}

/** A page of notifications, newest first; only the unread ones when asked. */
export function useNotificationList({ page = 1, unreadOnly = false }: { page?: number; unreadOnly?: boolean } = {}) {
  const { result, query } = useList<NotificationView, HttpError>({
    resource: NOTIFICATIONS,
    pagination: { currentPage: page, pageSize: NOTIFICATION_PAGE_SIZE },
    // The API's own parameter (not the search language's filter=): ?page=N&unread=true.
    meta: { query: unreadOnly ? { unread: "true" } : {} },
    errorNotification: false,
    // Keep the last page on screen while the next loads (paging, the unread filter).
    queryOptions: { placeholderData: (previous) => previous },
  });
  const extra = result as unknown as { unread?: number };
  return {
    notifications: result.data ?? [],
    total: result.total ?? 0,
    unread: extra.unread,
    isPending: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError,
    refetch: query.refetch,
  };
}

export type MarkRead = { ids: number[] } | { all: true };

/** Marks some (or all) notifications read; the bell, panel and page then refresh. */
export function useMarkRead() {
  const refresh = useRefreshNotifications();
  const { mutateAsync, mutation } = useCustomMutation<{ unread: number }>();
  const markRead = async (which: MarkRead) => {
    await mutateAsync({ url: NOTIFICATION_PATHS.read, method: "post", values: which, successNotification: false, errorNotification: false });
    await refresh();
  };
  return { markRead, isPending: mutation.isPending };
}

/** The user's delivery mode per kind. Its failure shows in the settings' own section. */
export function useNotificationSettings() {
  const queryKey = useNotificationsKey("settings");
  const { query } = useCustom<NotificationSettings, HttpError>({
    url: NOTIFICATION_PATHS.settings,
    method: "get",
    meta: { toast: false },
    errorNotification: false,
    queryOptions: { queryKey },
  });
  return { settings: query.data?.data, isPending: query.isPending, isError: query.isError, refetch: query.refetch };
}

/** Saves one kind's delivery mode (PUT with only that kind); the HTTP layer toasts a failure. */
export function useSaveNotificationSetting() {
  const refresh = useRefreshNotifications();
  const { mutateAsync, mutation } = useCustomMutation<NotificationSettings>();
  const save = async (kind: NotificationKind, mode: DeliveryMode) => {
    const values: Partial<NotificationSettings> = { [kind]: mode };
    const answer = await mutateAsync({ url: NOTIFICATION_PATHS.settings, method: "put", values, successNotification: false, errorNotification: false });
    await refresh();
    return answer.data;
  };
  return { save, isPending: mutation.isPending };
}

/** The web app's page of a notification's item (the resources' show routes). */
export function notificationLink(n: Pick<NotificationView, "item_type" | "item_id">): string {
  if (n.item_type === "company") return `/builder/detail/${n.item_id}`;
  return n.item_type === "tender" ? `/tender/detail/${n.item_id}` : `/private-leads/detail/${n.item_id}`;
}
