// The feed's tenders: the tenders lister's own cards (TenderCard), each with the 'New' mark when
// it arrived since the last visit and why it is in the feed.
import { Empty, Skeleton } from "antd";
import type { TenderListRow } from "../../../common/tenders";
import { TenderCard } from "../tenders/TenderResults";
import { MatchedReasons, NewTag } from "./FeedResults";

export type FeedTenderRow = TenderListRow & { matched: string[] };

function FeedTender({ tender, isNew }: { tender: FeedTenderRow; isNew: boolean }) {
  return (
    <div className={`feed-tender ${isNew ? "feed-card-new" : ""}`} data-feed-tender-id={tender.id} data-new={isNew}>
      <div className="feed-tender-why">
        {isNew && <NewTag />}
        <MatchedReasons matched={tender.matched} />
      </div>
      <TenderCard tender={tender} />
    </div>
  );
}

export function FeedTenderResults({ tenders, loading, isNew }: { tenders: FeedTenderRow[] | undefined; loading: boolean; isNew: (arrived: string | null) => boolean }) {
  if (loading && !tenders) return <Skeleton active />;
  if (!tenders?.length) return <Empty description="No live tenders match your states, value range and this search yet" />;
  return (
    <div className="feed-tenders">
      {tenders.map((t) => (
        <FeedTender key={t.id} tender={t} isNew={isNew(t.arrived_date)} />
      ))}
    </div>
  );
}
