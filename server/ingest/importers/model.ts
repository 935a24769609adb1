// What every importer produces: tenders (with documents, corrigenda and optionally a result) and
// results for existing tenders. The store (store.ts) writes these; the runner (run.ts) counts.
import type { ImportLimits } from "../../config.js";
import type { Tx } from "../../db/client.js";
import type { Place } from "./place.js";
import type { RankDirection } from "../../../common/bidder-ranks.js";

export const IMPORT_KINDS = ["ocds", "gepnic", "tenders-csv", "tenders-json", "results-csv", "results-json", "mca"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface DocumentInput {
  file_name: string;
  url: string | null;
  mime_type: string;
}

export interface CorrigendumInput {
  title: string;
  description: string;
  published_date: Date | null;
}

export interface BidderInput {
  name: string;
  bid_value: number | null;
  /** 1 for L1 or H1; null when unranked or the label could not be read. */
  rank: number | null;
  /** lowest: L1 is the lowest bid; highest: H1 the highest; null without a rank. */
  rank_direction: RankDirection | null;
  /** As published: 'L-1', 'II', 'H 1'… (computed ranks: 'L1'). */
  rank_label: string | null;
  status: string | null;
  is_winner: boolean;
}

/** One supplier of one award, with its own value. */
export interface WinnerInput {
  name: string;
  /** Its own awarded value: GePNIC 'Awarded Value' of its row; OCDS its bid, or its award's value when it is the award's only supplier. */
  bid_value: number | null;
  /** The award it belongs to (OCDS awards[].id, a lot); null when the source has one award. */
  award_ref: string | null;
  /** That award's value (shared by a joint award's suppliers). */
  award_value: number | null;
}

export interface ResultInput {
  /** The first winner (lists, facets); winners[0].name when winners are given. */
  winner_name: string | null;
  /** Every winner in published order; absent: winner_name alone, with award_value as its value. */
  winners?: WinnerInput[];
  /** The awarded bids (all awards together). */
  award_value: number | null;
  result_date: Date | null;
  /** The contract as signed, kept apart from the awarded bids; absent when the source has none. */
  contract_value?: number | null;
  contract_date?: Date | null;
  bidders: BidderInput[];
}

export interface TenderInput {
  /** tenders.ocid: the OCDS ocid, or '<source>:<portal tender id>' for GePNIC, or the file's ocid. */
  ocid: string;
  /** The portal's own Tender ID (GePNIC `2024_PWD_35115_146`, OCDS tender.id); searched by the search box. */
  portal_tender_id: string | null;
  /** The reference / NIT number the department gives it (`PWD/RD/GLT/2026/77`). */
  reference: string | null;
  title: string;
  description: string;
  org_name: string | null;
  org_name_exact: string | null;
  department: string | null;
  tender_status: string;
  is_corrigendum: boolean;
  category: string | null;
  tender_type: string | null;
  value: number | null;
  emd: number | null;
  tender_fee: number | null;
  published_date: Date | null;
  closing_date: Date | null;
  opening_date: Date | null;
  prebid_date: Date | null;
  status_update_date: Date | null;
  state: string | null;
  district: string | null;
  city: string | null;
  pincode: string | null;
  source: string | null;
  source_url: string | null;
  documents: DocumentInput[];
  corrigenda: CorrigendumInput[];
  /** undefined: leave any result as it is; null: the source says there is none (removed). */
  result?: ResultInput | null;
}

export interface Warning {
  file: string;
  row: number | null;
  message: string;
}

/** One unit of work for the runner: written in its own transaction. */
export type Unit =
  | {
      type: "tender"; row: number; key: string; build: (tx: Tx) => Promise<TenderInput> | TenderInput;
      /** Builds several tenders of the same source at once (OCDS: releases stored in one statement); a builder may throw RowError. */
      buildMany?: (tx: Tx, keys: string[]) => Promise<Map<string, () => TenderInput>>;
      /** A plain tender with no result and no corrigenda, written with others (bulk-tenders.ts). */
      batchable?: boolean;
    }
  | { type: "result"; row: number; key: string; result: ResultInput }
  /** Any other item (an MCA company): writes itself inside the runner's transaction and says what it did. */
  | { type: "write"; row: number; key: string; write: (tx: Tx) => Promise<"created" | "updated" | "unchanged"> }
  | { type: "reject"; row: number | null; key?: string; reason: string }
  /** Deliberately not imported (counted as skipped; the importer says why in a warning). */
  | { type: "skip"; row: number; key?: string };

export interface ImporterContext {
  file: string;
  source: string | null;
  /** Exchange rates to rupees for other currencies (--fx USD=83.2). */
  fx: Record<string, number>;
  /** Default state for tenders whose file names none (--state, canonical): a fallback only. */
  state: string | null;
  /** Told where each tender was placed (the report counts fallbacks and disagreements). */
  onPlace?(place: Place): void;
  now: Date;
  onBytes(bytes: number): void;
  /** Counts a record (row, line or release) read from the file. */
  onRead(n?: number): void;
  warn(row: number | null, message: string): void;
  /** Bounds on a zip (XLSX) file and the worker that parses it; unset: from the environment (config.ts). */
  limits?: ImportLimits;
}

export type Importer = (ctx: ImporterContext) => AsyncGenerator<Unit>;
