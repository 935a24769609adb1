// "New since your last visit" (list/my-feed/seen/): the mark is read once as the feed opens and
// kept for the visit, so the 'New' tags stay while the user pages and filters; once the first
// list has been shown the server's mark moves to the moment the feed was opened, so the next
// visit only marks what arrived after it.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { http } from "../../providers/http";

export function useFeedSeen(listShown: boolean) {
  const [openedAt] = useState(() => new Date().toISOString());
  const seen = useQuery({
    queryKey: ["feed", "seen", openedAt],
    queryFn: ({ signal }) => http.get<{ seen_at: string | null }>("list/my-feed/seen/", { signal }),
    staleTime: Infinity,
    gcTime: 0,
  });
  const marked = useRef(false);
  useEffect(() => {
    if (!listShown || !seen.isSuccess || marked.current) return;
    marked.current = true;
    void http.post("list/my-feed/seen/", { seen_at: openedAt }, { toast: false }).catch(() => undefined);
  }, [listShown, seen.isSuccess, openedAt]);
  const seenAt = seen.data?.seen_at ?? null;
  return {
    ready: seen.isSuccess,
    seenAt,
    /** Arrived after the last visit (everything, before the first one). */
    isNew: (arrived: string | null | undefined) => seen.isSuccess && !!arrived && (seenAt === null || arrived > seenAt),
  };
}
