// Queuing webhook events (issue 20, point 4). Other modules call these; nothing here sends: the job
// loop (server/jobs/webhooks.ts) delivers what is queued, usually within seconds.
//
// The contract of queueWebhookEvent(db, { userId, event, data }):
//   - `userId` is the user who did it (the member who shortlisted, unlocked, assigned). Their team's
//     active webhooks that listen to `event` each get one delivery; a user in no team, or a team
//     with no such webhook, queues nothing (and costs one or two indexed reads).
//   - Pass the transaction that makes the change as `db`: the deliveries are then queued if and only
//     if the change commits. Nothing is sent before the commit.
//   - `data` is the event's own JSON (an object; no secrets, no contact details the team has not
//     unlocked). The delivered body is {id, event, created_at, team_id, data}, where data also
//     gets `actor: {id, email, name}` unless the caller gave one. Suggested shapes:
//       contact.unlocked: {contact: {id, name, designation, company, email, phone}, project_id?, url?}
//       item.assigned:    {item: {type, id, title, url}, assignee: {id, email, name}, note, due_at}
//   - It answers the number of deliveries queued.
//
// Wired here: lead.shortlisted (marks/routes.ts, when a member's mark becomes 'shortlisted') and
// item.changed (notifications/fan-out.ts: one event per changed item per team, when any member of
// the team is told of that change — i.e. follows the item directly or through an alert and may
// read it). contact.unlocked and item.assigned are queued by the credits and assignments modules.
import crypto from "node:crypto";
import type { WebhookEvent } from "../../../common/webhooks.js";
import type { Queryable } from "../../db/client.js";
import { CHANGES_OF_SET_SQL } from "../notifications/queries.js";
import { findProject } from "../projects/detail-queries.js";
import { itemLink, itemTitleSql } from "../reminders/items.js";
import { membershipOf, teamMembers } from "../teams/queries.js";
import { findUserRow } from "../users/queries.js";
import { insertDelivery, listeningWebhooks, teamsListeningTo } from "./queries.js";

export interface WebhookEventInput {
  userId: number;
  event: WebhookEvent;
  /** The event's data, or a function making it (called only when some webhook listens: no cost otherwise). */
  data: Record<string, unknown> | (() => Promise<Record<string, unknown>>);
  /** When it happened (default now). */
  at?: Date;
}

/** Queues the event for the acting user's team's webhooks that listen to it (see the contract above). */
export async function queueWebhookEvent(db: Queryable, e: WebhookEventInput): Promise<number> {
  const team = await membershipOf(db, e.userId);
  if (!team) return 0;
  const hooks = await listeningWebhooks(db, team.team_id, e.event);
  if (!hooks.length) return 0;
  const given = typeof e.data === "function" ? await e.data() : e.data;
  const data = "actor" in given ? given : { ...given, actor: await actorOf(db, e.userId) };
  return queueFor(db, team.team_id, hooks, e.event, data, e.at ?? new Date());
}

/** Queues the event for one team's listening webhooks, whoever caused it (a change found by an import). */
export async function queueTeamWebhookEvent(db: Queryable, e: { teamId: number; event: WebhookEvent; data: Record<string, unknown>; at?: Date }): Promise<number> {
  const hooks = await listeningWebhooks(db, e.teamId, e.event);
  return queueFor(db, e.teamId, hooks, e.event, e.data, e.at ?? new Date());
}

/** The body every delivery of one event carries, byte for byte (and its replays). */
export function eventBody(id: string, event: string, at: Date, teamId: number, data: Record<string, unknown>): string {
  return JSON.stringify({ id, event, created_at: at.toISOString(), team_id: teamId, data });
}

async function queueFor(db: Queryable, teamId: number, hooks: number[], event: string, data: Record<string, unknown>, at: Date): Promise<number> {
  if (!hooks.length) return 0;
  const eventId = crypto.randomUUID();
  const body = eventBody(eventId, event, at, teamId, data);
  for (const webhookId of hooks) await insertDelivery(db, { webhookId, event, eventId, body, at });
  return hooks.length;
}

async function actorOf(db: Queryable, userId: number) {
  const u = await findUserRow(db, userId);
  return u ? { id: u.id, email: u.email, name: [u.first_name, u.last_name].filter(Boolean).join(" ") } : { id: userId, email: null, name: null };
}

/**
 * lead.shortlisted: a member's mark on a lead became 'shortlisted' (marks/routes.ts, in the mark's
 * transaction). data: {lead: {id, title, url, category, status, stage, sector, value, state,
 * district, city, owner}, mark, previous_mark, actor}.
 */
export async function queueLeadShortlisted(tx: Queryable, e: { userId: number; projectId: number; previousMark: string; publicUrl: string; at?: Date }): Promise<number> {
  return queueWebhookEvent(tx, {
    userId: e.userId,
    event: "lead.shortlisted",
    at: e.at,
    data: async () => {
      const p = await findProject(tx, e.projectId);
      const lead = p && {
        id: p.id, title: p.title, url: itemUrl(e.publicUrl, "project", p.id), category: p.category, status: p.status, stage: p.stage, sector: p.sector,
        value: p.value, state: p.state, district: p.district, city: p.city, owner: p.owner_company_name ?? p.owner_name,
      };
      return { lead: lead ?? { id: e.projectId }, mark: "shortlisted", previous_mark: e.previousMark };
    },
  });
}

/** An item's page in the web app, absolute when the server's address is known. */
export const itemUrl = (publicUrl: string | undefined, type: Parameters<typeof itemLink>[0], id: number) => `${publicUrl ?? ""}${itemLink(type, id)}`;

interface ChangeSetFacts {
  id: number;
  item_type: "project" | "tender";
  item_id: number;
  title: string | null;
  detected_at: Date;
  source_kind: "import" | "staff";
  changes: { field: string; old: unknown; new: unknown }[];
}

/**
 * item.changed for the change sets just told to their followers (notifications/fan-out.ts, in its
 * transaction): one event per (team, changed item) where a member of the team was told. Teams with
 * no webhook listening to item.changed — nearly all — cost one read in all.
 */
export async function queueItemChangedEvents(tx: Queryable, told: readonly { userId: number; changeSetId: number }[], at: Date, publicUrl?: string): Promise<number> {
  if (!told.length) return 0;
  const teams = await teamsListeningTo(tx, "item.changed");
  if (!teams.length) return 0;
  const teamOf = new Map<number, number>();
  for (const teamId of teams) for (const m of await teamMembers(tx, teamId)) teamOf.set(Number(m.user_id), teamId);
  const pairs = new Map<string, { teamId: number; setId: number }>();
  for (const t of told) {
    const teamId = teamOf.get(t.userId);
    if (teamId !== undefined) pairs.set(`${teamId}:${t.changeSetId}`, { teamId, setId: t.changeSetId });
  }
  if (!pairs.size) return 0;
  const { rows } = await tx.query<ChangeSetFacts>(
    `SELECT s.id, s.item_type, s.item_id, ${itemTitleSql("s")} AS title, s.detected_at, s.source_kind, ${CHANGES_OF_SET_SQL} AS changes
       FROM change_sets s WHERE s.id = ANY($1::bigint[])`,
    [[...new Set([...pairs.values()].map((p) => p.setId))]],
  );
  const sets = new Map(rows.map((r) => [Number(r.id), r]));
  let queued = 0;
  for (const { teamId, setId } of pairs.values()) {
    const s = sets.get(setId);
    if (!s) continue;
    const item = { type: s.item_type, id: Number(s.item_id), title: s.title, url: itemUrl(publicUrl, s.item_type, Number(s.item_id)) };
    const data = { item, change_set_id: setId, detected_at: new Date(s.detected_at).toISOString(), source: s.source_kind, changes: s.changes };
    queued += await queueTeamWebhookEvent(tx, { teamId, event: "item.changed", data, at });
  }
  return queued;
}
