// The feed's leads as cards: 'New' when unseen, why each is in the feed, the lead's facts and
// the user's mark.
import { Empty, Skeleton, Space, Tag } from "antd";
import { Panel } from "../../components/page/Panel";
import { Link } from "react-router";
import { formatDate, formatLocation, formatRupees, formatText } from "../../lib/format";
import { leadDetailPath, type LeadRow } from "../leads/api";
import { MarkControl } from "../leads/MarkControl";
import { MarkLeads } from "../leads/useMarkLead";
import { StatusTag, TypeTags } from "../leads/LeadResults";
import "../leads/leads.css";
import { Money } from "../../components/format/Money";

export type FeedRow = LeadRow & { matched: string[] };

/** 'status: Planning' → ['Status', 'Planning'] for a tag. */
function reason(text: string): string {
  const i = text.indexOf(": ");
  return i < 0 ? text : `${text.charAt(0).toUpperCase()}${text.slice(1, i)}: ${text.slice(i + 2)}`;
}

/** Why an item (lead or tender) is in the feed, as tags. */
export function MatchedReasons({ matched }: { matched: string[] }) {
  return (
    <div className="feed-matched" aria-label="Why this is in your feed">
      <span className="text-secondary feed-matched-label">
        Matches your
      </span>
      {matched.length ? (
        matched.map((m) => (
          <Tag key={m} color="geekblue" bordered={false} className="feed-reason">
            {reason(m)}
          </Tag>
        ))
      ) : (
        <Tag bordered={false}>preferences</Tag>
      )}
    </div>
  );
}

/** The 'New' tag of an item that arrived since the last visit. */
export function NewTag() {
  return (
    <Tag color="red" className="feed-new">
      New
    </Tag>
  );
}

function FeedCard({ lead, isNew }: { lead: FeedRow; isNew: boolean }) {
  return (
    <Panel size="small" className={`lead-card feed-card ${isNew ? "feed-card-new" : ""}`} data-lead-id={lead.id} data-new={isNew}>
      <div className="lead-card-head">
        <span>
          {isNew && <NewTag />}
          <Link to={leadDetailPath(lead)} className="lead-title-link">
            {lead.title}
          </Link>
        </span>
        <Money className="lead-value" value={lead.value} />
      </div>
      <span className="text-secondary lead-owner">
        {formatText(lead.owner_name)}
      </span>
      <div className="lead-card-meta">
        <span>{formatLocation(lead.city, lead.district, lead.state)}</span>
        <span>{formatText(lead.sector)}</span>
        <span>Added {formatDate(lead.arrived_date)}</span>
      </div>
      <Space size={[4, 4]} wrap className="lead-card-tags">
        <StatusTag status={lead.status} />
        <TypeTags value={lead.project_type} />
      </Space>
      <div className="feed-card-foot">
        <MatchedReasons matched={lead.matched} />
        <MarkControl id={lead.id} mark={lead.mark} />
      </div>
    </Panel>
  );
}

export function FeedResults({ leads, loading, isNew }: { leads: FeedRow[] | undefined; loading: boolean; isNew: (arrived: string | null) => boolean }) {
  if (loading && !leads) return <Skeleton active />;
  if (!leads?.length) return <Empty description="No leads match your preferences and this search yet" />;
  return (
    <MarkLeads>
      <div className="lead-cards">
        {leads.map((lead) => (
          <FeedCard key={lead.id} lead={lead} isNew={isNew(lead.arrived_date)} />
        ))}
      </div>
    </MarkLeads>
  );
}
