// The demo data generator on a real database (PGlite in memory; the PostgreSQL server in a
// throw-away schema when DATABASE_URL is set): deterministic by seed, and every row it writes
// obeys the rules the product relies on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.js";
import { DEMO_STAFF, DEMO_SUBSCRIBER, seedDemoUsers } from "../../server/ingest/demo-users.js";
import { MAX_PROJECT_VALUE, MIN_PROJECT_VALUE } from "../../server/ingest/gen-projects.js";
import { MAX_TENDER_VALUE, MIN_TENDER_VALUE } from "../../server/ingest/gen-tenders.js";
import { STATE_BY_NAME } from "../../server/ingest/india-data.js";
import { isDatabaseEmpty, seedDemoData, type SeedCounts } from "../../server/ingest/seed.js";
import { verifyPassword } from "../../server/modules/auth/passwords.js";
import { findLister, parseSavedQuery } from "../../server/modules/saved-searches/listers.js";
import { CONTACT_SOURCES, PROJECT_STATUSES, SENIORITY_LEVELS, TENDER_STATUSES } from "../../common/constants.js";
import { openMigratedTestDb } from "./harness.js";

const NOW = new Date("2025-06-15T00:00:00Z");
const SIZE = { projects: 300, tenders: 200, companies: 80, seed: 42, now: NOW, batchSize: 128 };
const CIN = /^[LU]\d{5}[A-Z]{2}\d{4}(PLC|PTC|OPC|NPL|GOI|SGC|FTC|ULL|ULT|GAP|GAT)\d{6}$/;
const MOBILE = /^\+91[6-9]\d{9}$/;

const freshDb = openMigratedTestDb;

/** A digest of everything a user sees in projects, tenders, results and contacts. */
async function digest(db: Db): Promise<string> {
  const r = await db.query<{ d: string }>(`SELECT md5(
    (SELECT string_agg(concat_ws('|', id, title, description, category, is_ai, project_type::text, sector, ownership, status, stage,
        value::text, state, district, city, pincode, owner_company_id, architect_company_id, contractor_company_id, owner_name,
        start_date::text, completion_date::text, extract(epoch FROM retrieved_on)::text, extract(epoch FROM reviewed_date)::text,
        extract(epoch FROM arrived_date)::text, keywords::text, source, area_sq_ft::text), E'\\n' ORDER BY id) FROM projects)
    || (SELECT string_agg(concat_ws('|', project_id, contact_id, role), E'\\n' ORDER BY project_id, contact_id) FROM project_contacts)
    || (SELECT string_agg(concat_ws('|', id, reference, title, org_name, tender_status, value::text, emd::text,
        extract(epoch FROM closing_date)::text, state, city), E'\\n' ORDER BY id) FROM tenders)
    -- Bidders by content: their serial ids follow the order in which concurrent batches commit.
    || (SELECT string_agg(b, E'\\n' ORDER BY b) FROM (SELECT concat_ws('|', result_id, bidder_name, bid_value::text, rank, status) AS b FROM result_bidders) x)
    || (SELECT string_agg(concat_ws('|', id, name, cin, state), E'\\n' ORDER BY id) FROM companies)
    || (SELECT string_agg(concat_ws('|', id, name, email, phone, seniority, source, contact_fuzz_score), E'\\n' ORDER BY id) FROM contacts)
  ) AS d`);
  return r.rows[0].d;
}

describe("demo data generator", () => {
  let a: Awaited<ReturnType<typeof freshDb>>;
  let counts: SeedCounts;
  const progress: [number, number, string][] = [];

  beforeAll(async () => {
    a = await freshDb();
    expect(await isDatabaseEmpty(a.db)).toBe(true);
    counts = await seedDemoData(a.db, { ...SIZE, onProgress: (d, t, w) => progress.push([d, t, w]) });
  }, 180_000);
  afterAll(async () => {
    await a?.db.close();
    await a?.drop();
  });

  it("writes the counts asked for and reports progress up to the total", async () => {
    const n = async (table: string) => Number((await a.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
    expect(counts.projects).toBe(300);
    expect(counts.tenders).toBe(200);
    expect(counts.companies).toBe(80);
    expect(counts.users).toBe(2);
    expect(await n("projects")).toBe(300);
    expect(await n("tenders")).toBe(200);
    expect(await n("companies")).toBe(80);
    for (const [table, key] of [["contacts", "contacts"], ["project_contacts", "projectContacts"], ["results", "results"], ["result_bidders", "bidders"],
      ["tender_corrigenda", "corrigenda"], ["company_directors", "directors"], ["company_financials", "financials"], ["project_status_updates", "statusUpdates"], ["project_documents", "documents"]] as const) {
      expect(await n(table), table).toBe(counts[key]);
      expect(counts[key], table).toBeGreaterThan(0);
    }
    const last = progress[progress.length - 1];
    expect(last[0]).toBe(last[1]);
    expect(last[1]).toBe(300 + 200 + 80);
    expect(await isDatabaseEmpty(a.db)).toBe(false);
  });

  it("gives identical rows for the same seed, and different rows for another", async () => {
    const small = { projects: 100, tenders: 60, companies: 30, seed: 42, now: NOW, users: false };
    const dbs = [await freshDb(), await freshDb(), await freshDb()];
    try {
      await seedDemoData(dbs[0].db, { ...small, batchSize: 1000 });
      await seedDemoData(dbs[1].db, { ...small, batchSize: 16 }); // batch size does not change the data
      await seedDemoData(dbs[2].db, { ...small, seed: 43 });
      const d0 = await digest(dbs[0].db);
      expect(await digest(dbs[1].db)).toBe(d0);
      expect(await digest(dbs[2].db)).not.toBe(d0);
    } finally {
      for (const t of dbs) {
        await t.db.close();
        await t.drop();
      }
    }
  }, 180_000);

  it("gives every company with a CIN a well-formed one whose state code matches its state", async () => {
    const rows = (await a.db.query<{ cin: string | null; state: string; name: string }>(`SELECT cin, state, name FROM companies`)).rows;
    expect(rows.filter((r) => r.cin).length).toBeGreaterThan(rows.length / 2);
    for (const r of rows) {
      if (r.cin === null) {
        expect(r.name, "only LLPs go without a CIN").toMatch(/ LLP$/);
        continue;
      }
      expect(r.cin).toMatch(CIN);
      expect(r.cin.slice(6, 8)).toBe(STATE_BY_NAME.get(r.state)!.code);
    }
    const dins = (await a.db.query<{ din: string }>(`SELECT din FROM company_directors`)).rows;
    for (const d of dins) expect(d.din).toMatch(/^\d{8}$/);
    const fy = (await a.db.query<{ fiscal_year: string }>(`SELECT DISTINCT fiscal_year FROM company_financials`)).rows.map((r) => r.fiscal_year);
    for (const y of fy) expect(y).toMatch(/^20\d\d-\d\d$/);
    expect(fy).toContain("2024-25"); // last complete fiscal year before 15 June 2025
  });

  it("gives contacts valid mobiles, seniorities, sources and scores", async () => {
    const rows = (await a.db.query<{ phone: string | null; seniority: string; source: string; contact_fuzz_score: number; verified_at: Date | null; email: string | null; website: string }>(
      `SELECT c.phone, c.seniority, c.source, c.contact_fuzz_score, c.verified_at, c.email, co.website FROM contacts c JOIN companies co ON co.id = c.company_id`,
    )).rows;
    let high = 0;
    for (const r of rows) {
      if (r.phone !== null) expect(r.phone).toMatch(MOBILE);
      expect(SENIORITY_LEVELS).toContain(r.seniority);
      expect(CONTACT_SOURCES).toContain(r.source);
      expect(r.contact_fuzz_score).toBeGreaterThanOrEqual(0);
      expect(r.contact_fuzz_score).toBeLessThanOrEqual(100);
      if (r.contact_fuzz_score > 70) high++;
      expect(r.verified_at !== null).toBe(r.source === "telephone");
      if (r.email) expect(r.email.split("@")[1]).toBe(r.website.replace("https://www.", ""));
    }
    expect(high / rows.length).toBeGreaterThan(0.3);
    expect(high / rows.length).toBeLessThan(0.7);
  });

  it("keeps project values, statuses, dates and the review queue in range", async () => {
    const rows = (await a.db.query<{ value: number | null; status: string; category: string; retrieved_on: Date; arrived_date: Date; reviewed_date: Date | null; pincode: string; state: string; project_type: string[] }>(
      `SELECT value, status, category, retrieved_on, arrived_date, reviewed_date, pincode, state, project_type FROM projects`,
    )).rows;
    const fresh = rows.filter((r) => r.retrieved_on.getTime() >= NOW.getTime() - 30 * 86_400_000).length;
    expect(fresh).toBeGreaterThan(0);
    expect(fresh).toBeLessThan(rows.length);
    for (const r of rows) {
      if (r.value !== null) {
        expect(r.value).toBeGreaterThanOrEqual(MIN_PROJECT_VALUE);
        expect(r.value).toBeLessThanOrEqual(MAX_PROJECT_VALUE);
      }
      expect(PROJECT_STATUSES).toContain(r.status);
      expect(r.retrieved_on.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(r.retrieved_on.getTime()).toBeGreaterThan(NOW.getTime() - 121 * 86_400_000);
      expect(r.arrived_date.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(r.pincode).toMatch(/^[1-9]\d{5}$/);
      expect(r.project_type.length).toBeGreaterThan(0);
    }
    const queue = rows.filter((r) => r.reviewed_date === null).length;
    expect(queue).toBeGreaterThan(0);
    expect(queue).toBeLessThan(rows.length * 0.2);
    const industrial = rows.filter((r) => r.category === "industrial").length / rows.length;
    expect(industrial).toBeGreaterThan(0.2);
    expect(industrial).toBeLessThan(0.5);
    const orphans = await a.db.query(`SELECT 1 FROM project_contacts pc LEFT JOIN contacts c ON c.id = pc.contact_id WHERE c.id IS NULL`);
    expect(orphans.rows).toHaveLength(0);
  });

  it("closes Live tenders after now and the others before it, with consistent dates and values", async () => {
    const rows = (await a.db.query<{ tender_status: string; published_date: Date; closing_date: Date; opening_date: Date; value: number | null; emd: number; is_corrigendum: boolean; corrigenda: number }>(
      `SELECT t.tender_status, t.published_date, t.closing_date, t.opening_date, t.value, t.emd, t.is_corrigendum,
              (SELECT count(*)::int FROM tender_corrigenda c WHERE c.tender_id = t.id) AS corrigenda FROM tenders t`,
    )).rows;
    const statuses = new Set(rows.map((r) => r.tender_status));
    for (const s of ["Live", "AOC", "Closed"]) expect(statuses.has(s), s).toBe(true);
    for (const r of rows) {
      expect(TENDER_STATUSES).toContain(r.tender_status);
      expect(r.published_date.getTime()).toBeLessThan(r.closing_date.getTime());
      expect(r.closing_date.getTime()).toBeLessThan(r.opening_date.getTime());
      expect(r.published_date.getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (r.tender_status === "Live") expect(r.closing_date.getTime()).toBeGreaterThan(NOW.getTime());
      else expect(r.closing_date.getTime()).toBeLessThan(NOW.getTime());
      if (r.value !== null) {
        expect(r.value).toBeGreaterThanOrEqual(MIN_TENDER_VALUE);
        expect(r.value).toBeLessThanOrEqual(MAX_TENDER_VALUE);
        expect(r.emd).toBeGreaterThanOrEqual(Math.min(1000, r.value));
        expect(r.emd).toBeLessThanOrEqual(Math.max(1000, r.value * 0.021));
      }
      // One or two corrigenda, numbered as published.
      if (r.is_corrigendum) expect([1, 2]).toContain(r.corrigenda);
      else expect(r.corrigenda).toBe(0);
    }
  });

  it("gives every AOC tender a result whose L1 bidder is the winner, with bids ascending by rank", async () => {
    const aoc = (await a.db.query<{ id: number; value: number | null; result_id: number | null; winner_company_id: number | null; winner_name: string; award_value: number }>(
      `SELECT t.id, t.value, r.id AS result_id, r.winner_company_id, r.winner_name, r.award_value
         FROM tenders t LEFT JOIN results r ON r.tender_id = t.id WHERE t.tender_status = 'AOC'`,
    )).rows;
    expect(aoc.length).toBeGreaterThan(0);
    const others = await a.db.query(`SELECT 1 FROM results r JOIN tenders t ON t.id = r.tender_id WHERE t.tender_status <> 'AOC'`);
    expect(others.rows).toHaveLength(0);
    for (const t of aoc) {
      expect(t.result_id, `tender ${t.id}`).not.toBeNull();
      if (t.value !== null) {
        expect(t.award_value).toBeGreaterThanOrEqual(t.value * 0.85 - 1);
        expect(t.award_value).toBeLessThanOrEqual(t.value * 1.1 + 1);
      }
      const bidders = (await a.db.query<{ company_id: number | null; bidder_name: string; bid_value: number | null; rank: number | null; rank_label: string | null; status: string; is_winner: boolean }>(
        `SELECT company_id, bidder_name, bid_value, rank, rank_label, status, is_winner FROM result_bidders WHERE result_id = $1 ORDER BY rank NULLS LAST, id`,
        [t.result_id],
      )).rows;
      const ranked = bidders.filter((b) => b.rank !== null);
      expect(ranked.length).toBeGreaterThanOrEqual(2);
      expect(ranked.length).toBeLessThanOrEqual(6);
      expect(ranked.map((b) => b.rank)).toEqual(ranked.map((_, i) => i + 1));
      expect(ranked.map((b) => b.rank_label)).toEqual(ranked.map((_, i) => `L${i + 1}`));
      for (let i = 1; i < ranked.length; i++) expect(ranked[i].bid_value!).toBeGreaterThan(ranked[i - 1].bid_value!);
      expect(bidders.filter((b) => b.is_winner)).toEqual([ranked[0]]);
      expect(ranked[0].bidder_name).toBe(t.winner_name);
      expect(ranked[0].company_id).toBe(t.winner_company_id);
      expect(ranked[0].bid_value).toBe(t.award_value);
      expect(ranked[0].status).toBe("Accepted-AOC");
    }
  });

  it("creates demo accounts that sign in, with credits matching the ledger, once", async () => {
    for (const acct of [DEMO_SUBSCRIBER, DEMO_STAFF]) {
      const u = (await a.db.query<{ id: number; password_hash: string; first_name: string; end_date: string; total_credits: number; spent_credits: number; preferred_proj_status: string[]; ledger: number }>(
        `SELECT u.*, (SELECT coalesce(sum(delta), 0)::int FROM credit_ledger l WHERE l.user_id = u.id AND l.team_id IS NULL) AS ledger FROM users u WHERE lower(email) = lower($1)`,
        [acct.email],
      )).rows[0];
      expect(u, acct.email).toBeDefined();
      expect(await verifyPassword(u.password_hash, acct.password)).toBe(true);
      expect(await verifyPassword(u.password_hash, acct.password + "x")).toBe(false);
      expect(u.first_name).toBe(acct.first_name);
      expect(u.end_date > "2025-06-15").toBe(true);
      expect(u.preferred_proj_status.length).toBeGreaterThan(0);
      expect(u.total_credits - u.spent_credits).toBe(u.ledger);
      // The demo subscriber owns the demo team: her credits are its pool (migration 031), whose
      // balance is its own ledger's sum.
      const pool = (await a.db.query<{ total_credits: number; spent_credits: number; ledger: number }>(
        `SELECT t.total_credits, t.spent_credits, (SELECT coalesce(sum(delta), 0)::int FROM credit_ledger l WHERE l.team_id = t.id) AS ledger
           FROM teams t WHERE t.owner_id = $1`,
        [u.id],
      )).rows[0];
      if (acct === DEMO_SUBSCRIBER) {
        expect(pool.total_credits).toBe(acct.credits);
        expect(pool.total_credits - pool.spent_credits).toBe(pool.ledger);
      } else {
        expect(pool).toBeUndefined();
        expect(u.total_credits).toBe(acct.credits);
      }
      // Demo accounts own their addresses (no 'not verified' notice); only the staff one is staff.
      const proof = (await a.db.query<{ verified: boolean; staff_proven: boolean }>(
        `SELECT email_verified_for = email AS verified, staff_proven FROM users WHERE id = $1`,
        [u.id],
      )).rows[0];
      expect(proof).toEqual({ verified: true, staff_proven: acct === DEMO_STAFF });
    }
    const demo = (await a.db.query<{ id: number; end_date: string }>(`SELECT id, end_date FROM users WHERE email = $1`, [DEMO_SUBSCRIBER.email])).rows[0];
    expect(demo.end_date).toBe("2026-06-15");
    const ws = (await a.db.query<{ marks: number; reminders: number; searches: number; competitors: number }>(
      `SELECT (SELECT count(*)::int FROM marks WHERE user_id = $1 AND mark IN ('shortlisted', 'tentative')) AS marks,
              (SELECT count(*)::int FROM reminders WHERE user_id = $1) AS reminders,
              (SELECT count(*)::int FROM saved_searches WHERE user_id = $1) AS searches,
              (SELECT count(*)::int FROM competitors WHERE user_id = $1) AS competitors`,
      [demo.id],
    )).rows[0];
    expect(ws.marks).toBeGreaterThan(0);
    expect(ws.reminders).toBeGreaterThan(0);
    expect(ws.searches).toBeGreaterThan(0);
    expect(ws.competitors).toBeGreaterThan(0);
    // A quick search on each kind of lister (leads, tenders, results), each one its lister runs.
    const searches = (await a.db.query<{ resource: string; query: string }>(`SELECT resource, query FROM saved_searches WHERE user_id = $1 ORDER BY id`, [demo.id])).rows;
    expect(searches.map((s) => s.resource)).toEqual(["/private-industrial-leads", "/private-construction-leads", "/live-tenders", "/results"]);
    for (const s of searches) expect(() => parseSavedQuery(findLister(s.resource)!, s.query, NOW), s.query).not.toThrow();

    // Seeding again leaves the accounts alone.
    expect(await seedDemoUsers(a.db, NOW)).toBe(0);
    const again = (await a.db.query<{ n: number; l: number; u: number }>(
      `SELECT count(*)::int AS n, (SELECT count(*)::int FROM credit_ledger) AS l, (SELECT count(*)::int FROM unlocks WHERE team_id IS NOT NULL) AS u FROM users`,
    )).rows[0];
    // The two accounts and the demo team's two teammates (demo-team.ts); two opening grants, the
    // owner's credits moved into the pool (a row each side), and one row per teammate's unlock.
    expect(again.u).toBe(5);
    expect(again).toEqual({ n: 4, l: 4 + again.u, u: 5 });
  });

  it("rejects bad sizes without writing", async () => {
    await expect(seedDemoData(a.db, { projects: -1 })).rejects.toThrow(/projects/);
    await expect(seedDemoData(a.db, { companies: 1.5 })).rejects.toThrow(/companies/);
  });
});
