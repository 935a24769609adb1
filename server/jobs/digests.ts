// Alert digests: one mail per user and frequency listing, for each of their enabled alerts that
// is due, the items new since its last digest, then the followed items that changed since then
// and the user has not looked at (issue 19, point 4; modules/notifications/changed-items.ts).
//
// Due: an alert's last digest (or its creation) is before the latest boundary — daily at
// DIGEST_HOUR_IST:00 IST, weekly on Mondays at that hour (a missed Monday is caught up on the
// next run). "New" = arrived after the last digest (the first digest covers one period), with a
// one-hour overlap so an item committed late is not missed; alert_deliveries (PK config, item)
// keeps any item from being mailed twice by the same alert.
//
// Exactly once, per user and frequency:
//   1. read the due alerts and run their searches (the search module; outside any transaction);
//   2. one transaction: take the user's digest lock (pg_try_advisory_xact_lock, so a second
//      process skips rather than sending half a digest), claim the alerts (FOR UPDATE SKIP
//      LOCKED, still due, unchanged since step 1), record the items
//      in alert_deliveries (ON CONFLICT DO NOTHING — only the rows really inserted are mailed),
//      set last_sent_at, mint the unsubscribe tokens, SEND the mail, commit.
// A failed send (or a crash before the commit) rolls everything back: the next run, in this or
// any other process, sends the same digest. A crash after the SMTP server accepted the mail but
// before the commit is the one window in which a digest could go out twice.
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/client.js";
import { hasSubscription } from "../../common/ability.js";
import { isProvenStaff } from "../modules/users/staff.js";
import { digestMail, type DigestSection } from "../modules/alerts/mail.js";
import { newItems, type DigestItem } from "../modules/alerts/new-items.js";
import { mintUnsubscribeToken, FEED_NAME, type Frequency } from "../modules/alerts/queries.js";
import { alertDigestChanges } from "../modules/notifications/changed-items.js";
import { feedPreferences } from "../modules/saved-searches/listers.js";
import { digestBoundary, istDate, periodMs } from "./ist.js";

/** The digests' advisory-lock namespace (beside the migrations' 7_310_001, exports' 7_310_003, imports' 7_310_004). */
const DIGEST_LOCK = 7_310_006;
/** How far before the last digest a new digest looks again (late commits). */
const OVERLAP_MS = 3_600_000;

interface DueRow {
  id: number;
  user_id: number;
  frequency: Frequency;
  last_sent_at: Date | null;
  saved_search_id: number | null;
  name: string | null;
  resource: string | null;
  query: string | null;
  email: string;
  staff_proven: boolean;
  first_name: string;
  end_date: string | null;
}

export async function sendDueDigests(app: FastifyInstance, now: Date, keepGoing: () => Promise<boolean>): Promise<{ sent: number; checked: number; failed: number }> {
  const hour = app.config.digestHourIst;
  const boundary = { daily: digestBoundary(now, "daily", hour), weekly: digestBoundary(now, "weekly", hour) };
  const { rows } = await app.db.query<DueRow>(
    `SELECT c.id, c.user_id, c.frequency, c.last_sent_at, c.saved_search_id, s.name, s.resource, s.query, u.email, u.staff_proven, u.first_name, u.end_date
       FROM email_alert_configs c
       JOIN users u ON u.id = c.user_id
       LEFT JOIN saved_searches s ON s.id = c.saved_search_id
      WHERE c.enabled AND u.is_active
        AND coalesce(c.last_sent_at, c.created_at) < CASE c.frequency WHEN 'daily' THEN $1::timestamptz ELSE $2::timestamptz END
      ORDER BY c.user_id, c.frequency, c.saved_search_id NULLS FIRST, c.id`,
    [boundary.daily, boundary.weekly],
  );
  // Only users who may use the product get mail (a lapsed subscription pauses alerts).
  const today = istDate(now);
  const groups = new Map<string, DueRow[]>();
  for (const r of rows) {
    if (!isProvenStaff(r, app.config.staffDomains) && !hasSubscription(r, today)) continue;
    const key = `${r.user_id}:${r.frequency}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(r);
  }

  let sent = 0, checked = 0, failed = 0;
  for (const configs of groups.values()) {
    if (!(await keepGoing())) break;
    try {
      const mailed = await digestFor(app, configs, now, boundary[configs[0].frequency]);
      if (mailed === null) continue; // claimed elsewhere
      checked++;
      if (mailed) sent++;
    } catch (err) {
      failed++;
      app.log.error({ err, user: configs[0].user_id, frequency: configs[0].frequency }, "digest failed; it will be retried");
    }
  }
  return { sent, checked, failed };
}

/**
 * One digest per user and frequency even if two processes got here: the second skips (false).
 * Advisory locks are the whole server's, not a schema's: the key names the schema as well as
 * the user and frequency (hashed into the second int, as the importers' locks are), so a digest
 * in another schema (another test file, another deployment on the server) never takes ours. A
 * rare hash collision only defers a digest to the next run.
 */
export async function takeDigestLock(tx: Queryable, userId: number, frequency: Frequency): Promise<boolean> {
  const r = await tx.query<{ ok: boolean }>(
    `SELECT pg_try_advisory_xact_lock($1, hashtext(current_schema() || ':' || $2 || ':' || $3::text)) AS ok`,
    [DIGEST_LOCK, frequency, userId],
  );
  return r.rows[0].ok;
}

/** One user's digest of one frequency: true = mailed, false = nothing new, null = not ours. */
async function digestFor(app: FastifyInstance, configs: DueRow[], now: Date, boundary: Date): Promise<boolean | null> {
  const { user_id: userId, frequency, email, first_name: firstName } = configs[0];
  const prefs = await feedPreferences(app.db, userId);
  const found = new Map<number, DigestItem[]>();
  for (const c of configs) {
    const since = c.last_sent_at ? new Date(new Date(c.last_sent_at).getTime() - OVERLAP_MS) : new Date(boundary.getTime() - periodMs(frequency));
    const savedSearch = c.saved_search_id === null ? null : { name: c.name ?? "", resource: c.resource ?? "", query: c.query ?? "" };
    const { items, error } = await newItems(app, { configId: c.id, userId, savedSearch }, prefs, since, now);
    if (error) app.log.warn({ alert: c.id, error }, "an alert's saved search no longer runs; skipped");
    found.set(c.id, items);
  }

  return app.db.transaction(async (tx) => {
    if (!(await takeDigestLock(tx, userId, frequency))) return null;
    const claimed = await tx.query<{ id: number; last_sent_at: Date | null }>(
      `SELECT id, last_sent_at FROM email_alert_configs
        WHERE id = ANY($1::bigint[]) AND enabled AND coalesce(last_sent_at, created_at) < $2
        ORDER BY id FOR UPDATE SKIP LOCKED`,
      [configs.map((c) => c.id), boundary],
    );
    // Searched against what we read; anything another process changed meanwhile waits for the next run.
    const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);
    const ours = configs.filter((c) => claimed.rows.some((r) => Number(r.id) === Number(c.id) && ms(r.last_sent_at) === ms(c.last_sent_at)));
    if (ours.length === 0) return null;

    const sections: DigestSection[] = [];
    for (const c of ours) {
      const items = found.get(c.id) ?? [];
      let fresh: DigestItem[] = [];
      if (items.length) {
        // One alert may mail several kinds (the feed: leads and tenders), each id within its kind.
        const ins = await tx.query<{ item_type: string; item_id: number }>(
          `INSERT INTO alert_deliveries (config_id, item_type, item_id, sent_at)
           SELECT $1, d.item_type, d.item_id, $4 FROM unnest($2::text[], $3::bigint[]) AS d(item_type, item_id)
           ON CONFLICT DO NOTHING RETURNING item_type, item_id`,
          [c.id, items.map((i) => i.item_type), items.map((i) => i.id), now],
        );
        const inserted = new Set(ins.rows.map((r) => `${r.item_type}:${Number(r.item_id)}`));
        fresh = items.filter((i) => inserted.has(`${i.item_type}:${i.id}`));
      }
      if (fresh.length) {
        const token = await mintUnsubscribeToken(tx, c.id);
        sections.push({
          name: c.saved_search_id === null ? FEED_NAME : (c.name ?? ""),
          items: fresh,
          unsubscribeUrl: `${app.config.publicUrl}/api/email-config/unsubscribe/?token=${token}`,
        });
      }
    }
    // Followed items that changed since this digest's last one (issue 19, point 4).
    const since = new Date(Math.min(...ours.map((c) => (c.last_sent_at ? new Date(c.last_sent_at).getTime() : boundary.getTime() - periodMs(frequency)))));
    const changed = await alertDigestChanges(tx, userId, { frequency, since, now, staffDomains: app.config.staffDomains });
    await tx.query(`UPDATE email_alert_configs SET last_sent_at = $2 WHERE id = ANY($1::bigint[])`, [ours.map((c) => c.id), now]);
    if (sections.length === 0 && changed.length === 0) return false;
    // Sent inside the transaction: if this throws, the claim, the deliveries and the changes' settling roll back.
    await app.mailer.send(digestMail({ to: email, firstName, frequency, sections, changed, publicUrl: app.config.publicUrl }));
    return true;
  });
}
