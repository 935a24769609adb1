// A team's daily feed (issue 20, point 6) as the API answers it and the web app shows it: once a
// day, what arrived in the chosen quick searches since the last feed, as one CSV or XLSX file,
// e-mailed to chosen members and/or posted to one of the team's webhooks (event 'feed.daily').
//
//   GET    /api/team/feed/        TeamFeedView (any member)
//   PUT    /api/team/feed/        TeamFeedInput → TeamFeedView (admins; the quick searches are the caller's)
//   DELETE /api/team/feed/        stops it (admins)
//   POST   /api/team/feed/send/   sends what is new now, without waiting for the day's run (admins)

export const FEED_FORMATS = ["csv", "xlsx"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** Rows of one quick search in one feed at most (the file says when there were more). */
export const FEED_MAX_ROWS_PER_SEARCH = 2000;
/** Quick searches in one feed at most. */
export const FEED_MAX_SEARCHES = 20;
/** The webhook event a feed is posted as (the file base64-encoded in data.file). */
export const FEED_WEBHOOK_EVENT = "feed.daily";

export interface TeamFeedInput {
  saved_search_ids: number[];
  format: FeedFormat;
  /** Members (user ids) the file is mailed to. */
  email_to: number[];
  /** One of the team's webhooks the file is posted to, or null. */
  webhook_id: number | null;
  enabled: boolean;
}

export interface TeamFeed extends TeamFeedInput {
  owner: { id: number; name: string };
  searches: { id: number; name: string; resource: string }[];
  /** The end of the window the last feed covered (UTC ISO); null before the first. */
  covered_until: string | null;
  updated_at: string;
}

export interface TeamFeedRun {
  id: number;
  started_at: string;
  covered_from: string;
  covered_to: string;
  rows: number;
  emailed: number;
  posted: boolean;
  status: "sent" | "empty" | "failed";
  error: string | null;
  manual: boolean;
}

export interface TeamFeedView {
  feed: TeamFeed | null;
  runs: TeamFeedRun[];
}
