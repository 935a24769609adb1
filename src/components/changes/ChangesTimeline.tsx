// The "Changes" timeline of a tender or a lead (issue 19, "Never miss a change"): what each import
// or staff save changed, newest first, each set with when it was found (IST) and where it came
// from, each change as one sentence ("Bid closing moved from … to …"). The sentences and the
// source come from common/changes.ts, so the page says a change as the notifications and e-mails
// do; the API decides how much of the source a user may see (staff: run, file or person).
import "./changes.css";
import { Alert, Button, Empty, Skeleton, Timeline } from "antd";
import { useState } from "react";
import { describeChange, describeSource, type ChangeItemType, type ChangeSet } from "../../../common/changes";
import { formatDateTime } from "../../lib/format";
import { useApiPart } from "../page/useApiPart";

/** How many sets show before "Show older changes": a tender amended every week stays short. */
export const CHANGE_SETS_SHOWN = 5;

/** The API path of an item's changes: tenders under tender/, leads under work/. */
export function changesPath(itemType: ChangeItemType, id: string | number): string {
  const key = encodeURIComponent(String(id));
  return itemType === "tender" ? `tender/${key}/changes/` : `work/${key}/changes/`;
}

/** The cache key of an item's changes, for whatever later learns of a new change and refreshes it. */
export const changesKey = (itemType: ChangeItemType, id: string | number) => ["changes", itemType, String(id)] as const;

export interface ChangesTimelineProps {
  itemType: ChangeItemType;
  itemId: string | number;
}

/** An item's changes with their own loading, failure and empty states (the page around shows at once). */
export function ChangesTimeline({ itemType, itemId }: ChangesTimelineProps) {
  const query = useApiPart<{ results: ChangeSet[] }>(changesPath(itemType, itemId), { queryKey: changesKey(itemType, itemId) });
  const [showAll, setShowAll] = useState(false);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.isError) return <Alert type="warning" showIcon message="Changes could not be loaded" description={query.error?.message} />;
  const sets = query.data?.results ?? [];
  if (sets.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} className="changes-empty" description="No changes recorded yet. When an import or our research team changes this, it shows here." />;
  }
  const shown = showAll ? sets : sets.slice(0, CHANGE_SETS_SHOWN);
  const hidden = sets.length - shown.length;
  return (
    <>
      {/* antd's Timeline is an <ol>: the sets in order, newest first, as a screen reader is told. */}
      <Timeline
        className="changes-timeline"
        aria-label="Changes, newest first"
        items={shown.map((set) => ({
          key: set.id,
          color: set.source.kind === "staff" ? "blue" : "green",
          children: <ChangeSetItem set={set} itemType={itemType} />,
        }))}
      />
      {hidden > 0 && (
        <Button type="link" className="changes-more" onClick={() => setShowAll(true)}>
          Show {hidden} older {hidden === 1 ? "change" : "changes"}
        </Button>
      )}
    </>
  );
}

function ChangeSetItem({ set, itemType }: { set: ChangeSet; itemType: ChangeItemType }) {
  return (
    <div className="change-set" data-change-set-id={set.id}>
      <div className="change-set-head">
        <time dateTime={set.detected_at} className="change-set-time">
          {formatDateTime(set.detected_at)}
        </time>
        <span className="change-set-source">{describeSource(set.source)}</span>
      </div>
      <ul className="change-set-changes">
        {set.changes.map((change, i) => (
          <li key={`${change.field}-${i}`} className="change" data-field={change.field}>
            {describeChange(itemType, change)}
          </li>
        ))}
      </ul>
    </div>
  );
}
