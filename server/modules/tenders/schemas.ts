// TypeBox schemas of the tenders and results API; they mirror common/tenders.ts.
import { Type } from "typebox";
import { PLAUSIBILITY_REASONS, type PlausibilityReason } from "../../../common/plausibility.js";
import { ErrorResponse } from "../../http/schemas.js";

const S = Type.String();
const N = Type.Number();
const nStr = Type.Union([Type.String(), Type.Null()]);
const nNum = Type.Union([Type.Number(), Type.Null()]);
const WinnerNames = Type.Array(S, { description: "Every winner's name, in published order (each award's each supplier); winner_name is the first" });

export const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 9007199254740991, description: "Id" }) });
export const LinkQuery = Type.Object({
  uid: Type.Optional(Type.String({ maxLength: 40, description: "Shared link: the sharer's id" })),
  tid: Type.Optional(Type.String({ maxLength: 100, description: "Shared link: the token issued for this user and item" })),
});

export const TenderListRow = Type.Object({
  id: N, title: S, portal_tender_id: nStr, reference: nStr, org_name: nStr, org_name_exact: nStr, department: nStr, tender_status: S, is_corrigendum: Type.Boolean(),
  category: nStr, tender_type: nStr, value: nNum, value_band: nStr, emd: nNum, state: nStr, district: nStr, city: nStr,
  published_date: nStr, closing_date: nStr, status_update_date: nStr, retrieved_on: nStr, reviewed_date: nStr, arrived_date: S,
  result_id: nNum,
});
export const ResultListRow = Type.Object({
  id: N, item_type: Type.Literal("result"), tender_id: N, title: S, portal_tender_id: nStr, reference: nStr, org_name: nStr, org_name_exact: nStr, category: nStr,
  state: nStr, city: nStr, tender_status: S, value: nNum, value_band: nStr, award_value: nNum, winner_name: nStr, winner_company_id: nNum,
  winner_names: WinnerNames,
  bidder_count: N, result_date: nStr, status_update_date: nStr, retrieved_on: nStr, arrived_date: S,
});
export const listOf = <T extends typeof TenderListRow | typeof ResultListRow>(row: T) =>
  Type.Object({ count: N, page: N, page_size: N, results: Type.Array(row) });
export const TenderListResponse = Type.Object({
  ...listOf(TenderListRow).properties,
  not_live_matches: Type.Union(
    [
      Type.Object({
        count: Type.Integer({ minimum: 1, description: "How many there are (search_all_tenders=true lists them)" }),
        // The best of them: an exact match before a prefix match, then the newest.
        first: TenderListRow,
      }),
      Type.Null(),
    ],
    {
      description:
        "Tenders the search text finds by portal Tender ID or reference (exactly or by prefix), under the same filters, that the live-only default leaves out; null when there are none, with search_all_tenders=true, or when q is not an identifier",
    },
  ),
});
export const FacetsResponse = Type.Object({
  facets: Type.Record(Type.String(), Type.Array(Type.Object({ text: S, count: N }))),
});

const TenderFields = {
  id: N, ocid: nStr, portal_tender_id: nStr, reference: nStr, title: S, description: S, org_name: nStr, org_name_exact: nStr, department: nStr, tender_status: S,
  is_live: Type.Boolean(), is_corrigendum: Type.Boolean(), category: nStr, tender_type: nStr, value: nNum, emd: nNum, tender_fee: nNum,
  published_date: nStr, closing_date: nStr, opening_date: nStr, prebid_date: nStr, status_update_date: nStr, retrieved_on: nStr,
  reviewed_date: nStr, arrived_date: S, state: nStr, district: nStr, city: nStr, pincode: nStr, source: nStr, source_url: nStr,
};
export const TenderCore = Type.Object(TenderFields);
export const TenderDetail = Type.Object({
  ...TenderFields,
  documents: Type.Array(Type.Object({ id: N, file_name: S, mime_type: S, url: nStr, size: nNum, has_text: Type.Boolean() })),
  corrigenda: Type.Array(Type.Object({ id: N, title: S, description: S, published_date: S })),
  result: Type.Union([Type.Object({ id: N, winner_name: nStr, winner_names: WinnerNames, award_value: nNum, result_date: nStr }), Type.Null()]),
  shared: Type.Boolean({ description: "Opened through a shared link" }),
});

const Spread = Type.Union([Type.Object({ amount: N, percent: N }), Type.Null()]);
const Flags = Type.Array(Type.Unsafe<PlausibilityReason>({ type: "string", enum: [...PLAUSIBILITY_REASONS] }), {
  description: "Why the amount is implausible (common/plausibility.ts); empty when it is plausible or unknown",
});
export const ResultDetail = Type.Object({
  id: N,
  tender: TenderCore,
  award_value: Type.Union([N, Type.Null()], { description: "The awarded bids, all awards together" }),
  award_value_flags: Flags,
  result_date: nStr,
  contract_value: Type.Union([N, Type.Null()], { description: "The contract as signed (GePNIC Contract Value, OCDS signed contracts), apart from the awarded bids" }),
  contract_value_flags: Flags,
  contract_date: nStr,
  winner: Type.Union([Type.Object({ name: nStr, company_id: nNum, bid_value: nNum, rank_label: nStr }), Type.Null()]),
  winners: Type.Array(
    Type.Object({
      name: S, company_id: nNum,
      bid_value: Type.Union([N, Type.Null()], { description: "This winner's own awarded value; null for a supplier of a joint award (one value for all)" }),
      bid_value_flags: Flags,
      award_ref: Type.Union([S, Type.Null()], { description: "The award (lot) it won, when the source names one" }),
      award_value: Type.Union([N, Type.Null()], { description: "That award's value (a joint award's, shared by its suppliers)" }),
    }),
    { description: "Every winner: each award's each supplier, in published order" },
  ),
  bidders: Type.Array(
    Type.Object({
      id: N, bidder_name: S, company_id: nNum, bid_value: nNum,
      rank: Type.Union([N, Type.Null()], { description: "1 for L1 or H1; null when unranked or the published label could not be read" }),
      rank_direction: Type.Union([Type.Literal("lowest"), Type.Literal("highest"), Type.Null()], { description: "lowest: L1 is the lowest bid; highest: H1 the highest; null without a rank" }),
      rank_label: Type.Union([S, Type.Null()], { description: "As published ('L-1', 'II', 'H 1'); L1/H1 from the rank when none was published" }),
      status: nStr, is_winner: Type.Boolean(),
    }),
  ),
  spread_l1_l2: Spread,
  spread_award_estimate: Spread,
  shared: Type.Boolean(),
});

export const SimilarTenders = Type.Object({
  results: Type.Array(
    Type.Object({ id: N, title: S, org_name: nStr, tender_status: S, category: nStr, state: nStr, city: nStr, value: nNum, closing_date: nStr, score: N }),
  ),
});
export const SimilarResults = Type.Object({
  results: Type.Array(
    Type.Object({
      id: N, tender_id: N, title: S, org_name: nStr, category: nStr, state: nStr, city: nStr, value: nNum, award_value: nNum, winner_name: nStr,
      winner_names: WinnerNames, result_date: nStr, score: N,
    }),
  ),
});

export const ShareLink = Type.Object({ id: N, uid: S, tid: S, path: S, created_at: S, expires_at: S });
export const ShareRevoked = Type.Object({ revoked: N });

const Section = Type.Union([Type.Literal("scope"), Type.Literal("eligibility"), Type.Literal("key_dates"), Type.Literal("emd_and_fee"), Type.Literal("value")]);
export const TenderBrief = Type.Object({
  tender_id: N,
  title: S,
  generated_by: Type.Union([Type.Literal("extraction"), Type.Literal("llm")]),
  points: Type.Array(
    Type.Object({
      section: Section,
      label: S,
      text: S,
      citations: Type.Array(
        Type.Object({
          source: Type.Union([Type.Literal("title"), Type.Literal("description"), Type.Literal("document"), Type.Literal("corrigendum"), Type.Literal("field")]),
          source_id: nNum,
          source_name: S,
          quote: S,
        }),
      ),
    }),
  ),
  missing: Type.Array(Section),
  shared: Type.Boolean(),
});

export const SuggesterQuery = Type.Object({
  suggest_query: Type.Optional(Type.String({ maxLength: 200, description: "The text typed so far (typos forgiven)" })),
  suggest_field: Type.Optional(Type.String({ maxLength: 60, description: "org_name_exact" })),
});
export const SuggesterResponse = Type.Object({ field: Type.Literal("org_name_exact"), suggestions: Type.Array(Type.Object({ text: S, count: N })) });
