// "New since your last visit" (list/my-feed/seen/): the mark is read once as the feed opens and
// kept for the visit, so the 'New' tags stay while the user pages and filters; once the first
// list has been shown the server's mark moves to the moment the feed was opened, so the next
// visit only marks what arrived after it.
import { useCustom, useCustomMutation } from "@refinedev/core";
import { useEffect, useRef, useState } from "react";

const SEEN_URL = "list/my-feed/seen/";

export function useFeedSeen(listShown: boolean) {
  const [openedAt] = useState(() => new Date().toISOString());
  const { query: seen } = useCustom<{ seen_at: string | null }>({
    url: SEEN_URL,
    method: "get",
    dataProviderName: "rest",
    // openedAt: each visit reads the mark afresh (it is part of the query's key).
    meta: { openedAt },
    errorNotification: false,
    queryOptions: { staleTime: Infinity, gcTime: 0 },
  });
  const { mutateAsync: markSeen } = useCustomMutation();
  const marked = useRef(false);
  useEffect(() => {
    if (!listShown || !seen.isSuccess || marked.current) return;
    marked.current = true;
    // Moving the mark is bookkeeping: a failure is not worth a toast.
    const quiet = { meta: { toast: false }, successNotification: false, errorNotification: false } as const;
    void markSeen({ url: SEEN_URL, method: "post", values: { seen_at: openedAt }, dataProviderName: "rest", ...quiet }).catch(() => undefined);
  }, [listShown, seen.isSuccess, openedAt, markSeen]);
  const seenAt = seen.data?.data.seen_at ?? null;
  return {
    ready: seen.isSuccess,
    seenAt,
    /** Arrived after the last visit (everything, before the first one). */
    isNew: (arrived: string | null | undefined) => seen.isSuccess && !!arrived && (seenAt === null || arrived > seenAt),
  };
}
