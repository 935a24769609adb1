// The two demo accounts and a little workspace for the subscriber, so the product is not
// empty on first sign-in. Idempotent: an account whose e-mail exists is left as it is.
import type { Db, Tx } from "../db/client.js";
import { hashPassword } from "../modules/auth/passwords.js";
import { grantStaff, markEmailVerified } from "../modules/users/staff.js";
import { addDays, iso, isoDate } from "./text.js";

export interface DemoAccount {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  company: string;
  designation: string;
  phone: string;
  preferred_proj_status: string[];
  preferred_sectors: string[];
  preferred_states: string[];
  preferred_min_value: number | null;
  /** Subscription length from `now`, in days. */
  subscription_days: number;
  credits: number;
}

export const DEMO_SUBSCRIBER: DemoAccount = {
  email: "demo@infrascout.test",
  password: "Demo@12345",
  first_name: "Asha",
  last_name: "Menon",
  company: "Menon Cement Distributors",
  designation: "Business Development Manager",
  phone: "+919847012345",
  preferred_proj_status: ["Planning", "Tendering", "Under Construction"],
  preferred_sectors: ["Residential", "Commercial", "Infrastructure", "Cement"],
  preferred_states: ["Kerala", "Karnataka", "Tamil Nadu", "Maharashtra"],
  preferred_min_value: 1e7,
  subscription_days: 365,
  credits: 100,
};

export const DEMO_STAFF: DemoAccount = {
  email: "staff@infrascout.in",
  password: "Staff@12345",
  first_name: "Ravi",
  last_name: "Kumar",
  company: "InfraScout Research",
  designation: "Research Lead",
  phone: "+919900012345",
  preferred_proj_status: ["Planning", "Approval", "Tendering", "Awarded", "Under Construction"],
  preferred_sectors: [],
  preferred_states: [],
  preferred_min_value: null,
  subscription_days: 3650,
  credits: 1000,
};

/** Creates the demo accounts that do not exist yet; returns how many were created. */
export async function seedDemoUsers(db: Db, now: Date): Promise<number> {
  let created = 0;
  for (const account of [DEMO_SUBSCRIBER, DEMO_STAFF]) {
    const hash = await hashPassword(account.password);
    const made = await db.transaction(async (tx) => {
      const r = await tx.query<{ id: number }>(
        `INSERT INTO users (email, username, password_hash, first_name, last_name, phone, company, designation,
            preferred_proj_status, preferred_sectors, preferred_states, preferred_min_value, end_date, total_credits,
            signup_source, created_at, updated_at)
         VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8::text[], $9::text[], $10::text[], $11, $12::date, $13, 'seed', $14, $14)
         ON CONFLICT ((lower(email))) DO NOTHING
         RETURNING id`,
        [
          account.email, hash, account.first_name, account.last_name, account.phone, account.company, account.designation,
          account.preferred_proj_status, account.preferred_sectors, account.preferred_states, account.preferred_min_value,
          isoDate(addDays(now, account.subscription_days)), account.credits, iso(addDays(now, -45)),
        ],
      );
      const id = r.rows[0]?.id;
      if (id === undefined) return false;
      await tx.query(`INSERT INTO credit_ledger (user_id, delta, kind, note, created_at) VALUES ($1, $2, 'grant', $3, $4)`, [
        id, account.credits, "Demo subscription: opening credits", iso(addDays(now, -45)),
      ]);
      if (account === DEMO_SUBSCRIBER) await seedWorkspace(tx, Number(id), account, now);
      // Demo accounts own their addresses; the demo staff member is real staff at once (issue 13).
      await markEmailVerified(tx, Number(id), account.email);
      if (account === DEMO_STAFF) await grantStaff(tx, Number(id), null);
      return true;
    });
    if (made) created++;
  }
  return created;
}

/** Marks, reminders, saved searches and a tracked competitor for the demo subscriber. */
async function seedWorkspace(tx: Tx, userId: number, a: DemoAccount, now: Date): Promise<void> {
  const leads = await tx.query<{ id: number; title: string }>(
    `SELECT id, title FROM projects
      WHERE state = ANY($1::text[]) AND status = ANY($2::text[]) AND reviewed_date IS NOT NULL
      ORDER BY retrieved_on DESC, id LIMIT 8`,
    [a.preferred_states, a.preferred_proj_status],
  );
  const marks = leads.rows.map((p, i) => ({ id: p.id, mark: i < 5 ? "shortlisted" : "tentative" }));
  for (const [i, m] of marks.entries()) {
    const at = iso(addDays(now, -(10 - i)));
    await tx.query(`INSERT INTO marks (user_id, project_id, mark, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [userId, m.id, m.mark, at]);
    await tx.query(`INSERT INTO mark_history (user_id, project_id, old_mark, new_mark, created_at) VALUES ($1, $2, 'unmarked', $3, $4)`, [userId, m.id, m.mark, at]);
  }

  const reminders: [string, number, Date, string][] = [];
  if (leads.rows[0]) reminders.push(["project", leads.rows[0].id, addDays(now, 2), "Call the purchase manager about cement requirement for the podium slab"]);
  if (leads.rows[1]) reminders.push(["project", leads.rows[1].id, addDays(now, 6), "Send quotation for OPC 53 grade and PPC"]);
  const tender = await tx.query<{ id: number; closing_date: Date }>(
    `SELECT id, closing_date FROM tenders WHERE tender_status = 'Live' AND state = ANY($1::text[]) ORDER BY closing_date, id LIMIT 1`,
    [a.preferred_states],
  );
  if (tender.rows[0]) reminders.push(["tender", tender.rows[0].id, addDays(now, 1), "Check the BOQ and share rates with the likely bidders before the bid due date"]);
  for (const [type, id, at, note] of reminders) {
    // 10:00 IST on the day
    const when = new Date(at.getTime() + (10 * 60 - 330) * 60_000);
    await tx.query(`INSERT INTO reminders (user_id, item_type, item_id, remind_at, note, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      userId, type, id, iso(when), note, iso(addDays(now, -3)),
    ]);
  }

  // One per kind of lister (leads, tenders, results), each a query its page writes.
  const searches: [string, string, string][] = [
    ["Cement plants in South India", "/private-industrial-leads", "filter=sector%3ACement&filter=state%3AKarnataka&filter=state%3ATamil%20Nadu&filter=state%3AKerala"],
    ["Residential towers in Kerala above 10 Cr", "/private-construction-leads", "filter=sector%3AResidential&filter=state%3AKerala&filter=value%3A%5B100000000%20TO%20*%5D"],
    ["Live PWD tenders, Maharashtra", "/live-tenders", "q=PWD&oq=PWD&filter=state%3AMaharashtra&filter=tender_status%3ALive"],
    ["Road contracts awarded in South India", "/results", "q=road&oq=road&filter=state%3AKerala&filter=state%3AKarnataka&filter=state%3ATamil%20Nadu"],
  ];
  for (const [name, resource, query] of searches) {
    await tx.query(`INSERT INTO saved_searches (user_id, name, resource, query, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT DO NOTHING`, [
      userId, name, resource, query, iso(addDays(now, -20)),
    ]);
  }

  // Track the two contractors that won the most tenders in the user's states.
  const rivals = await tx.query<{ id: number }>(
    `SELECT r.winner_company_id AS id FROM results r JOIN tenders t ON t.id = r.tender_id
      WHERE r.winner_company_id IS NOT NULL AND t.state = ANY($1::text[])
      GROUP BY r.winner_company_id ORDER BY count(*) DESC, r.winner_company_id LIMIT 2`,
    [a.preferred_states],
  );
  for (const r of rivals.rows) {
    await tx.query(`INSERT INTO competitors (user_id, company_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [userId, r.id, iso(addDays(now, -15))]);
  }
}
