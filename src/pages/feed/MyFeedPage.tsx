// My Feed (list/my-feed/): the leads matching the user's preferences (statuses, sectors, states,
// value range), newest first, as a lister with search, facets and sort; each says why it
// matched, and what arrived since the last visit is marked 'New'. Tenders join the feed when
// list/my-feed/ serves them.
import { Typography } from "antd";
import { ListerLayout } from "../../components/search/ListerLayout";
import type { ListerConfig } from "../../components/search/config";
import { useLister } from "../../components/search/useLister";
import { PageShell } from "../../components/page/PageShell";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { useSignedInSession } from "../../hooks/useSession";
import { formatDateTime, formatIndianNumber } from "../../lib/format";
import { leadListerConfig } from "../leads/leadSearch";
import { FeedPreferences } from "./FeedPreferences";
import { FeedResults, type FeedRow } from "./FeedResults";
import { useFeedSeen } from "./feedSeen";
import "./feed.css";

export const feedListerConfig: ListerConfig = {
  ...leadListerConfig,
  endpoint: "list/my-feed/",
  exportEndpoint: undefined,
  sorts: [
    { value: "", label: "Newest first" },
    { value: "value desc", label: "Value: high to low" },
    { value: "value asc", label: "Value: low to high" },
    { value: "relevance", label: "Relevance" },
  ],
  searchPlaceholder: "Search your feed",
};

export default function MyFeedPage() {
  const session = useSignedInSession();
  const narrow = useMediaQuery("(max-width: 767.98px)");
  const lister = useLister<FeedRow>(feedListerConfig);
  const list = lister.list;
  const seen = useFeedSeen(list.isSuccess);
  const rows = list.data?.results;
  const newOnPage = seen.ready ? (rows ?? []).filter((r) => seen.isNew(r.arrived_date)).length : 0;

  const summary = (
    <Typography.Text type="secondary">
      {list.isPending ? "Loading your feed…" : `${formatIndianNumber(list.data?.count ?? 0, 0)} leads`}
      {seen.ready && !list.isPending && (
        <span className="feed-new-summary" data-new-count={newOnPage}>
          {" · "}
          {newOnPage > 0 ? `${newOnPage} new on this page` : "nothing new on this page"}
          {seen.seenAt ? ` since your last visit (${formatDateTime(seen.seenAt)})` : ""}
        </span>
      )}
      {list.isFetching && !list.isPending ? " · updating…" : ""}
    </Typography.Text>
  );

  return (
    <PageShell title="My Feed" subtitle="New leads that match your preferences, newest first">
      {session && <FeedPreferences preferences={session.preferences} narrow={narrow} />}
      <ListerLayout config={feedListerConfig} lister={lister} summary={summary}>
        <FeedResults leads={rows} loading={list.isFetching} isNew={seen.isNew} />
      </ListerLayout>
    </PageShell>
  );
}
