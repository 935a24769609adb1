// A small, known set of tenders and results for the tenders/results API tests: every expected
// count, rank and spread in those tests can be checked by reading this file. Dates are relative
// to now so "live" (closing date not past) stays true whenever the tests run.
import type { Db } from "../../server/db/client.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";

const DAY = 86_400_000;
export const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

export interface T {
  key: string;
  title: string;
  description?: string;
  org: string | null;
  status: string;
  corrigendum?: boolean;
  category: string;
  value: number | null;
  emd?: number | null;
  fee?: number | null;
  state: string;
  city: string;
  closing: string | null;
  prebid?: string | null;
  published?: string;
  statusUpdate?: string;
}

export const PWD = "Public Works Department, Maharashtra";
export const NMC = "Nagpur Municipal Corporation";
export const NHAI = "National Highways Authority of India";

export const TENDERS: T[] = [
  {
    key: "road", title: "Construction of four-lane bypass road on NH-44 at Nagpur", org: PWD, status: "Live", corrigendum: true, category: "works",
    value: 12.5e7, emd: 2.5e5, fee: 5900, state: "Maharashtra", city: "Nagpur", closing: inDays(10), prebid: inDays(3), published: inDays(-5), statusUpdate: inDays(-1),
    description:
      "Executive Engineer, PWD Division Nagpur invites online bids for construction of a four-lane bypass road on NH-44 including culverts. " +
      "Estimated cost Rs. 12,50,00,000. EMD Rs. 2,50,000 to be paid online on or before the bid due date. " +
      "Period of completion 18 months.",
  },
  { key: "pipes", title: "Supply of ductile iron pipes for water supply scheme", org: NMC, status: "Live", category: "goods", value: 80e5, state: "Maharashtra", city: "Nagpur", closing: inDays(3), published: inDays(-2), statusUpdate: inDays(-2) },
  { key: "lapsed", title: "Repair of school buildings in Wardha", org: PWD, status: "Live", category: "works", value: 40e5, state: "Maharashtra", city: "Wardha", closing: inDays(-2), published: inDays(-20), statusUpdate: inDays(-20) },
  { key: "aoc-road", title: "Widening of road on NH-44 near Nagpur", org: PWD, status: "AOC", category: "works", value: 10e7, state: "Maharashtra", city: "Nagpur", closing: inDays(-60), published: inDays(-90), statusUpdate: inDays(-10) },
  { key: "cancelled", title: "Construction of community hall at Nashik", org: "Nashik Municipal Corporation", status: "Cancelled", category: "works", value: 2e7, state: "Maharashtra", city: "Nashik", closing: inDays(5), published: inDays(-9), statusUpdate: inDays(-3) },
  { key: "aoc-bridge", title: "Construction of bridge over Wainganga river", org: NHAI, status: "AOC", category: "works", value: 150e7, state: "Madhya Pradesh", city: "Balaghat", closing: inDays(-100), published: inDays(-130), statusUpdate: inDays(-30) },
  { key: "no-closing", title: "Empanelment of consultants for highway projects", org: NHAI, status: "Live", category: "services", value: null, state: "Delhi", city: "New Delhi", closing: null, published: inDays(-1), statusUpdate: inDays(-1) },
];
/** Tenders the default (live) list shows. */
export const LIVE_KEYS = ["road", "pipes", "no-closing"];

export async function insertTender(db: Db, t: T): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO tenders (ocid, reference, title, description, org_name, org_name_exact, tender_status, is_corrigendum, category, value, emd, tender_fee,
       published_date, closing_date, prebid_date, opening_date, status_update_date, retrieved_on, state, city, source)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $13::timestamptz + interval '1 day', $15, $15, $16, $17, 'test')
     RETURNING id`,
    [`test-${t.key}`, `REF-${t.key.toUpperCase()}`, t.title, t.description ?? `${t.org} invites bids for ${t.title.toLowerCase()}.`, t.org, t.status,
      t.corrigendum ?? false, t.category, t.value, t.emd ?? null, t.fee ?? null, t.published ?? inDays(-3), t.closing, t.prebid ?? null,
      t.statusUpdate ?? inDays(-1), t.state, t.city],
  );
  return Number(r.rows[0].id);
}

export interface BidderSeed {
  name: string;
  bid: number | null;
  rank: number | null;
  label?: string | null;
  status?: string;
  winner?: boolean;
}

export async function insertResult(db: Db, tenderId: number, r: { winner: string; award: number | null; date: string; bidders: BidderSeed[] }): Promise<number> {
  const res = await db.query<{ id: number }>(
    `INSERT INTO results (tender_id, winner_name, award_value, result_date) VALUES ($1, $2, $3, $4) RETURNING id`,
    [tenderId, r.winner, r.award, r.date],
  );
  const id = Number(res.rows[0].id);
  for (const b of r.bidders) {
    await db.query(
      `INSERT INTO result_bidders (result_id, bidder_name, bid_value, rank, rank_label, status, is_winner) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, b.name, b.bid, b.rank, b.label ?? null, b.status ?? "Accepted-AOC", b.winner ?? false],
    );
  }
  return id;
}

export const NIT_TEXT =
  "NOTICE INVITING TENDER\n" +
  "Scope of work: construction of a four-lane bypass road of 12.4 km with two minor bridges and drainage.\n" +
  "Eligibility: the bidder shall have an average annual turnover of Rs. 5 crore in the last three financial years. " +
  "The bidder shall have successfully completed at least one similar work of value not less than Rs. 10 crore in the last seven years.\n" +
  "A pre-bid meeting will be held in the office of the Executive Engineer, Nagpur.\n" +
  "Tender fee Rs. 5,900 (non-refundable) shall be paid online.\n";

export interface TenderWorld {
  ctx: TestContext;
  ids: Record<string, number>;
  results: Record<string, number>;
  docs: Record<string, number>;
  userA: { id: number; token: string };
  userB: { id: number; token: string };
  headersA: Record<string, string>;
  headersB: Record<string, string>;
  close(): Promise<void>;
}

export async function tenderWorld(overrides: Parameters<typeof startTestApp>[0] = {}): Promise<TenderWorld> {
  const ctx = await startTestApp(overrides);
  const db = ctx.db;
  const ids: Record<string, number> = {};
  for (const t of TENDERS) ids[t.key] = await insertTender(db, t);
  const results: Record<string, number> = {};
  results["aoc-road"] = await insertResult(db, ids["aoc-road"], {
    winner: "Ashoka Buildcon Ltd", award: 9.5e7, date: inDays(-10),
    bidders: [
      { name: "Ashoka Buildcon Ltd", bid: 9.5e7, rank: 1, label: "L1", winner: true },
      { name: "Dilip Buildcon Ltd", bid: 9.88e7, rank: 2, label: "II" },
      { name: "PNC Infratech Ltd", bid: 10.2e7, rank: 3, label: "L3" },
      { name: "Shree Constructions", bid: null, rank: null, label: null, status: "Rejected-Technical" },
    ],
  });
  results["aoc-bridge"] = await insertResult(db, ids["aoc-bridge"], {
    winner: "Afcons Infrastructure Ltd", award: 160e7, date: inDays(-30),
    bidders: [
      { name: "Afcons Infrastructure Ltd", bid: 160e7, rank: 1, winner: true },
      { name: "Gammon India Ltd", bid: 172e7, rank: 2 },
    ],
  });
  const docs: Record<string, number> = {};
  const addDoc = async (key: string, file: string, mime: string, content: Buffer | null, text: string, url: string | null) => {
    const r = await db.query<{ id: number }>(
      `INSERT INTO tender_documents (tender_id, file_name, mime_type, content, body_text, url) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [ids.road, file, mime, content, text, url],
    );
    docs[key] = Number(r.rows[0].id);
  };
  await addDoc("pdf", "NIT.pdf", "application/pdf", Buffer.from("%PDF-1.4 fake but exact bytes \u0000\u0001\u0002"), "", null);
  await addDoc("nit", "NIT text.txt", "text/plain", null, NIT_TEXT, null);
  await addDoc("boq", "BOQ.xls", "application/vnd.ms-excel", null, "", "https://mahatenders.gov.in/boq/123.xls");
  await db.query(`INSERT INTO tender_corrigenda (tender_id, title, description, published_date) VALUES ($1, $2, $3, $4), ($1, $5, $6, $7)`, [
    ids.road, "Corrigendum-1: Extension of bid due date", "The last date of online bid submission has been extended by seven days.", inDays(-2),
    "Corrigendum-2: Revised BOQ", "The bill of quantities has been revised.", inDays(-1),
  ]);

  const a = await createUser(db);
  const b = await createUser(db);
  const tokenA = await login(ctx.app, a.email, a.password);
  const tokenB = await login(ctx.app, b.email, b.password);
  return {
    ctx, ids, results, docs,
    userA: { id: a.id, token: tokenA },
    userB: { id: b.id, token: tokenB },
    headersA: bearer(tokenA),
    headersB: bearer(tokenB),
    close: () => ctx.close(),
  };
}
