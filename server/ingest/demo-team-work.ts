// The demo team at work (issue 20), so its pages read as a team's on first sign-in: each teammate
// has unlocked contacts on leads in their states from the pool and shortlisted those leads; the
// owner has assigned two of her shortlisted leads to them with notes and due dates; and her quick
// searches reach the team as a daily CSV. Written as the routes write them (same rows).
import type { Tx } from "../db/client.js";
import { addDays, iso } from "./text.js";

export interface Teammate {
  id: number;
  first_name: string;
  states: readonly string[];
}

export async function seedTeamWork(tx: Tx, teamId: number, ownerId: number, mates: Teammate[], now: Date): Promise<void> {
  for (const [i, mate] of mates.entries()) {
    const leads = await spendFromPool(tx, teamId, mate.id, mate.states, DEMO_UNLOCKS[i] ?? 1, now);
    await shortlist(tx, mate.id, leads, now);
  }
  await assignOwnersLeads(tx, teamId, ownerId, mates, now);
  await setUpDailyFeed(tx, teamId, ownerId);
}

/** How many contacts each teammate unlocked in the days before the demo opens (the pool's bars and ledger). */
const DEMO_UNLOCKS = [3, 2];

/**
 * A teammate's recent unlocks from the pool: contacts with a number on leads in their states, one
 * a day, each with its ledger row, as the unlock route writes them (credits/unlock.ts).
 */
async function spendFromPool(tx: Tx, teamId: number, userId: number, states: readonly string[], count: number, now: Date): Promise<number[]> {
  const { rows } = await tx.query<{ id: number; project_id: number }>(
    `SELECT DISTINCT ON (c.id) c.id, p.id AS project_id FROM contacts c JOIN project_contacts pc ON pc.contact_id = c.id JOIN projects p ON p.id = pc.project_id
      WHERE p.state = ANY($1::text[]) AND c.phone IS NOT NULL AND NOT c.is_wrong
        AND NOT EXISTS (SELECT 1 FROM unlocks u WHERE u.team_id = $2 AND u.item_type = 'contact' AND u.item_id = c.id)
      ORDER BY c.id, p.id LIMIT $3`,
    [states, teamId, count],
  );
  for (const [k, { id }] of rows.entries()) {
    const at = iso(addDays(now, -(k + 1)));
    const unlock = await tx.query<{ id: number }>(
      `INSERT INTO unlocks (user_id, team_id, item_type, item_id, credits, created_at) VALUES ($1, $2, 'contact', $3, 1, $4) RETURNING id`,
      [userId, teamId, id, at],
    );
    await tx.query(
      `INSERT INTO credit_ledger (user_id, team_id, delta, kind, unlock_id, note, actor_id, created_at) VALUES ($1, $2, -1, 'unlock', $3, $4, $1, $5)`,
      [userId, teamId, unlock.rows[0].id, `Unlocked contact ${id}`, at],
    );
  }
  await tx.query(`UPDATE teams SET spent_credits = spent_credits + $2 WHERE id = $1`, [teamId, rows.length]);
  return [...new Set(rows.map((r) => Number(r.project_id)))];
}

/** The teammate shortlisted the leads whose contacts they unlocked (the lead shows teammates' marks). */
async function shortlist(tx: Tx, userId: number, leads: number[], now: Date): Promise<void> {
  for (const [k, projectId] of leads.entries()) {
    const at = iso(addDays(now, -(k + 1)));
    await tx.query(`INSERT INTO marks (user_id, project_id, mark, updated_at) VALUES ($1, $2, 'shortlisted', $3) ON CONFLICT DO NOTHING`, [userId, projectId, at]);
    await tx.query(`INSERT INTO mark_history (user_id, project_id, old_mark, new_mark, created_at) VALUES ($1, $2, 'unmarked', 'shortlisted', $3)`, [userId, projectId, at]);
  }
}

const ASSIGNMENT_NOTES = [
  "Meet the site engineer this week: they are finalising the cement supplier for the raft foundation.",
  "Call the purchase head about PPC and OPC 53 quantities for the next two floors.",
];

/** The owner handed two of her shortlisted leads to her teammates, due in the coming days. */
async function assignOwnersLeads(tx: Tx, teamId: number, ownerId: number, mates: Teammate[], now: Date): Promise<void> {
  const { rows } = await tx.query<{ project_id: number }>(
    `SELECT project_id FROM marks WHERE user_id = $1 AND mark = 'shortlisted' ORDER BY updated_at DESC, project_id LIMIT $2`,
    [ownerId, mates.length],
  );
  for (const [i, { project_id }] of rows.entries()) {
    const at = iso(addDays(now, -(i + 1)));
    await tx.query(
      `INSERT INTO assignments (team_id, item_type, item_id, assigned_by, assignee_id, note, due_at, created_at, updated_at)
       VALUES ($1, 'project', $2, $3, $4, $5, $6, $7, $7)`,
      [teamId, project_id, ownerId, mates[i].id, ASSIGNMENT_NOTES[i % ASSIGNMENT_NOTES.length], iso(addDays(now, 2 + 3 * i)), at],
    );
  }
}

/** Asha's quick searches go to the team as a daily CSV, mailed to her and Arjun (the Team page's "Daily feed"). */
async function setUpDailyFeed(tx: Tx, teamId: number, ownerId: number): Promise<void> {
  await tx.query(
    `INSERT INTO team_feeds (team_id, owner_id, saved_search_ids, format, email_to)
     SELECT $1, $2, array_agg(s.id ORDER BY s.id), 'csv',
            ARRAY(SELECT m.user_id FROM team_members m JOIN users u ON u.id = m.user_id WHERE m.team_id = $1 AND m.role IN ('owner', 'admin') ORDER BY m.id)
       FROM saved_searches s WHERE s.user_id = $2 HAVING count(*) > 0`,
    [teamId, ownerId],
  );
}
