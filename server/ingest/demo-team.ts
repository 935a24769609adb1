// The demo subscriber's team (issue 20): she owns it, with two teammates who can sign in, so the
// Team page shows seats, roles and members on first sign-in. Deterministic and idempotent: run
// after seedDemoUsers; a demo subscriber already in a team, or a teammate address taken, is left as it is.
import type { Db, Tx } from "../db/client.js";
import { hashPassword } from "../modules/auth/passwords.js";
import { bringOwnerIntoPool } from "../modules/credits/pool.js";
import { markEmailVerified } from "../modules/users/staff.js";
import { seedTeamWork, type Teammate } from "./demo-team-work.js";
import { DEMO_SUBSCRIBER } from "./demo-users.js";
import { addDays, iso } from "./text.js";

export const DEMO_TEAM_NAME = "Menon Cement — Business Development";

// They joined a month ago and chose what they follow then (so they sign in to the product, not
// to onboarding): Arjun covers the south's projects, Divya Maharashtra's tenders.
export const DEMO_TEAMMATES = [
  {
    email: "arjun@infrascout.test", password: "Arjun@12345", first_name: "Arjun", last_name: "Pillai", role: "admin", designation: "Regional Sales Manager, South",
    statuses: ["Planning", "Under Construction"], states: ["Kerala", "Karnataka", "Tamil Nadu"],
  },
  {
    email: "divya@infrascout.test", password: "Divya@12345", first_name: "Divya", last_name: "Rao", role: "member", designation: "Sales Executive, Mumbai",
    statuses: ["Tendering", "Awarded"], states: ["Maharashtra"],
  },
] as const;

/** Creates the demo team if the demo subscriber has none; returns whether it did. */
export async function seedDemoTeam(db: Db, now: Date): Promise<boolean> {
  const hashes = await Promise.all(DEMO_TEAMMATES.map((m) => hashPassword(m.password)));
  return db.transaction(async (tx) => {
    const owner = await tx.query<{ id: number; end_date: string | null }>(
      `SELECT u.id, u.end_date FROM users u WHERE lower(u.email) = $1 AND NOT EXISTS (SELECT 1 FROM team_members m WHERE m.user_id = u.id)`,
      [DEMO_SUBSCRIBER.email],
    );
    const ownerRow = owner.rows[0];
    if (!ownerRow) return false;
    const joined = iso(addDays(now, -30));
    const team = await tx.query<{ id: number }>(`INSERT INTO teams (name, owner_id, created_at) VALUES ($1, $2, $3) RETURNING id`, [DEMO_TEAM_NAME, ownerRow.id, joined]);
    const teamId = team.rows[0].id;
    await tx.query(`INSERT INTO team_members (team_id, user_id, role, joined_at) VALUES ($1, $2, 'owner', $3)`, [teamId, ownerRow.id, joined]);
    await bringOwnerIntoPool(tx, teamId, ownerRow.id); // her credits are the team's pool, as for any new team
    const mates: Teammate[] = [];
    for (const [i, mate] of DEMO_TEAMMATES.entries()) {
      const id = await addTeammate(tx, teamId, ownerRow.end_date, mate, hashes[i], iso(addDays(now, -28 + i)));
      if (id !== undefined) mates.push({ id, first_name: mate.first_name, states: mate.states });
    }
    await seedTeamWork(tx, teamId, ownerRow.id, mates, now);
    return true;
  });
}

async function addTeammate(tx: Tx, teamId: number, endDate: string | null, mate: (typeof DEMO_TEAMMATES)[number], hash: string, at: string): Promise<number | undefined> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO users (email, username, password_hash, first_name, last_name, company, designation, preferred_proj_status, preferred_sectors,
                        preferred_states, end_date, signup_source, created_at, updated_at)
     VALUES ($1, $1, $2, $3, $4, $5, $6, $7::text[], $8::text[], $9::text[], $10, 'seed', $11, $11) ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
    [mate.email, hash, mate.first_name, mate.last_name, DEMO_SUBSCRIBER.company, mate.designation, mate.statuses, DEMO_SUBSCRIBER.preferred_sectors, mate.states, endDate, at],
  );
  const id = r.rows[0]?.id;
  if (id === undefined) return undefined;
  await markEmailVerified(tx, Number(id), mate.email);
  await tx.query(`INSERT INTO team_members (team_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4)`, [teamId, id, mate.role, at]);
  return Number(id);
}
