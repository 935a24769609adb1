// Live Tenders lists live tenders only, and a person who types a tender's number wants that
// tender, live or not. When the search text finds tenders by Tender ID or reference that the
// list leaves out (the API's not_live_matches, counted under the same filters), the page says
// so and offers them in one click: the same search with 'Show all tenders' on.
import { Alert, Button } from "antd";
import type { NotLiveMatches } from "../../../common/tenders";
import { formatIndianNumber } from "../../lib/format";

/** What the hint says: the one tender by its number and status, or how many there are. */
export function notLiveMessage(m: NotLiveMatches): string {
  if (m.count === 1) {
    const number = m.first.portal_tender_id ?? m.first.reference ?? m.first.title;
    return `${number} is not a live tender (${m.first.tender_status}).`;
  }
  return `${formatIndianNumber(m.count)} tenders outside live tenders match this Tender ID or reference.`;
}

export function NotLiveMatchesHint({ matches, onShow }: { matches: NotLiveMatches | null | undefined; onShow: () => void }) {
  if (!matches) return null;
  return (
    <Alert
      type="info"
      showIcon
      className="tender-not-live-hint"
      message={notLiveMessage(matches)}
      action={
        <Button size="small" type="primary" onClick={onShow}>
          {matches.count === 1 ? "Show it" : "Show all tenders"}
        </Button>
      }
    />
  );
}
