// My Feed: what matches the user's preferences, newest first, as listers with search, facets and
// sort; each item says why it matched, and what arrived since the last visit is marked 'New'.
// Two views, switched by Leads | Tenders (the URL's items=tenders):
//   leads    list/my-feed/          statuses, sectors, states, value range
//   tenders  list/my-feed/tenders/  live tenders; states and value range only (a tender has no
//                                   project status or sector)
// Both share the feed's one seen time (list/my-feed/seen/).
import { useGetIdentity } from "@refinedev/core";
import { Segmented, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { ListerConfig } from "../../components/search/config";
import { ListerLayout } from "../../components/search/ListerLayout";
import { useLister } from "../../components/search/useLister";
import { PageShell } from "../../components/page/PageShell";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { countOf, formatDateTime } from "../../lib/format";
import type { Identity } from "../../providers/session";
import { leadListerConfig } from "../leads/leadSearch";
import { tenderListerConfig } from "../tenders/tenderSearch";
import { FeedPreferences } from "./FeedPreferences";
import { FeedResults, type FeedRow } from "./FeedResults";
import { FeedTenderResults, type FeedTenderRow } from "./FeedTenderResults";
import { useFeedSeen } from "./feedSeen";
import "./feed.css";

/** The URL key of the Leads | Tenders switch; the listers keep it as their filters change. */
const ITEMS_PARAM = "items";
type Items = "leads" | "tenders";

export const feedListerConfig: ListerConfig = {
  ...leadListerConfig,
  resource: "my-feed",
  endpoint: "list/my-feed/",
  exportEndpoint: undefined,
  sorts: [
    { value: "", label: "Newest first" },
    { value: "value desc", label: "Value: high to low" },
    { value: "value asc", label: "Value: low to high" },
    { value: "relevance", label: "Relevance" },
  ],
  searchPlaceholder: "Search your feed",
  keepParams: [ITEMS_PARAM],
};

export const feedTenderListerConfig: ListerConfig = {
  ...tenderListerConfig,
  resource: "my-feed-tenders",
  endpoint: "list/my-feed/tenders/",
  exportEndpoint: undefined,
  searchAll: undefined, // the feed's tenders are live ones
  sorts: [
    { value: "", label: "Newest first" },
    { value: "closing_date asc", label: "Closing soonest" },
    { value: "value desc", label: "Value: high to low" },
    { value: "value asc", label: "Value: low to high" },
    { value: "relevance", label: "Relevance" },
  ],
  searchPlaceholder: "Search your feed's tenders",
  keepParams: [ITEMS_PARAM],
  // A quick search of /my-feed runs as the leads feed: this view is not saved.
  savable: false,
};

type Seen = ReturnType<typeof useFeedSeen>;

function Summary({ noun, nounOne, count, pending, fetching, newOnPage, seen }: { noun: string; nounOne: string; count: number; pending: boolean; fetching: boolean; newOnPage: number; seen: Seen }) {
  return (
    <Typography.Text type="secondary">
      {pending ? "Loading your feed…" : countOf(count, nounOne, noun)}
      {seen.ready && !pending && (
        <span className="feed-new-summary" data-new-count={newOnPage}>
          {" · "}
          {newOnPage > 0 ? `${newOnPage} new on this page` : "nothing new on this page"}
          {seen.seenAt ? ` since your last visit (${formatDateTime(seen.seenAt)})` : ""}
        </span>
      )}
      {fetching && !pending ? " · updating…" : ""}
    </Typography.Text>
  );
}

function LeadsFeed({ seen, onShown }: { seen: Seen; onShown: () => void }) {
  const lister = useLister<FeedRow>(feedListerConfig);
  const list = lister.list;
  useEffect(() => {
    if (list.isSuccess) onShown();
  }, [list.isSuccess, onShown]);
  const rows = lister.rows;
  const newOnPage = seen.ready ? (rows ?? []).filter((r) => seen.isNew(r.arrived_date)).length : 0;
  const summary = <Summary noun="leads" nounOne="lead" count={lister.total} pending={list.isPending} fetching={list.isFetching} newOnPage={newOnPage} seen={seen} />;
  return (
    <ListerLayout config={feedListerConfig} lister={lister} summary={summary}>
      <FeedResults leads={rows} loading={list.isFetching} isNew={seen.isNew} />
    </ListerLayout>
  );
}

function TendersFeed({ seen, onShown }: { seen: Seen; onShown: () => void }) {
  const lister = useLister<FeedTenderRow>(feedTenderListerConfig);
  const list = lister.list;
  useEffect(() => {
    if (list.isSuccess) onShown();
  }, [list.isSuccess, onShown]);
  const rows = lister.rows;
  const newOnPage = seen.ready ? (rows ?? []).filter((r) => seen.isNew(r.arrived_date)).length : 0;
  const summary = <Summary noun="live tenders" nounOne="live tender" count={lister.total} pending={list.isPending} fetching={list.isFetching} newOnPage={newOnPage} seen={seen} />;
  return (
    <ListerLayout config={feedTenderListerConfig} lister={lister} summary={summary}>
      <FeedTenderResults tenders={rows} loading={list.isFetching} isNew={seen.isNew} />
    </ListerLayout>
  );
}

export default function MyFeedPage() {
  const { data: identity } = useGetIdentity<Identity | null>();
  const narrow = useMediaQuery("(max-width: 767.98px)");
  const [params, setParams] = useSearchParams();
  const items: Items = params.get(ITEMS_PARAM) === "tenders" ? "tenders" : "leads";
  const [shown, setShown] = useState(false);
  const onShown = useCallback(() => setShown(true), []);
  const seen = useFeedSeen(shown);

  // Leads and tenders have different filters and sorts: switching starts the other view afresh.
  const switchTo = (next: Items) => setParams(next === "tenders" ? { [ITEMS_PARAM]: "tenders" } : {});

  return (
    <PageShell title="My Feed" subtitle={items === "tenders" ? "New live tenders that match your preferences, newest first" : "New leads that match your preferences, newest first"}>
      {identity && <FeedPreferences preferences={identity.preferences} narrow={narrow} />}
      <div className="feed-switch">
        <Segmented<Items>
          value={items}
          onChange={switchTo}
          options={[
            { value: "leads", label: "Leads" },
            { value: "tenders", label: "Tenders" },
          ]}
          aria-label="Show leads or tenders"
        />
        {items === "tenders" && (
          <Typography.Text type="secondary" className="feed-tenders-note">
            Tenders follow your states and value range; statuses and sectors apply to leads only.
          </Typography.Text>
        )}
      </div>
      {items === "tenders" ? <TendersFeed seen={seen} onShown={onShown} /> : <LeadsFeed seen={seen} onShown={onShown} />}
    </PageShell>
  );
}
