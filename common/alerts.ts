// Shapes of the e-mail alerts API (email-config/), read by the server (server/modules/alerts/)
// and the web app (src/pages/email-alerts/), so the two can never disagree on a field.

export const FREQUENCIES = ["daily", "weekly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** The alert on the feed (saved_search_id null) goes by this name. */
export const FEED_ALERT_NAME = "My Feed";

/** One e-mail alert: on a quick search, or on the feed. */
export interface AlertConfig {
  id: number;
  /** null = the feed. */
  saved_search_id: number | null;
  /** The quick search's name, or 'My Feed'. */
  name: string;
  /** The quick search's lister route, or /my-feed. */
  resource: string;
  frequency: Frequency;
  enabled: boolean;
  /** When the last digest was checked (and sent, if anything was new). */
  last_sent_at: string | null;
  created_at: string;
}
