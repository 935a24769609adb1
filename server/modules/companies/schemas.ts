// TypeBox schemas of the companies API: the server side of common/companies.ts (same names).
import { Type } from "typebox";
import { ErrorResponse } from "../../http/schemas.js";
import { ContactView } from "../credits/contacts.js";

const S = Type.String();
const NS = Type.Union([Type.String(), Type.Null()]);
const N = Type.Number();
const NN = Type.Union([Type.Number(), Type.Null()]);

export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const IdParams = Type.Object({ id: Id });
export const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }));
export const errors = { 400: ErrorResponse, 401: ErrorResponse, 402: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
export const listOf = <T extends ReturnType<typeof Type.Object>>(row: T) =>
  Type.Object({ count: N, page: N, page_size: N, results: Type.Array(row) });

export const CompanyListRow = Type.Object({
  id: N, name: S, cin: NS, company_type: NS, industry: NS, state: NS, city: NS, employee_band: NS, capital_band: NS,
  paid_up_capital: Type.Union([Type.Number(), Type.Null()], { description: "Rupees" }),
  authorized_capital: Type.Union([Type.Number(), Type.Null()], { description: "Rupees" }),
  incorporation_date: NS, company_status: NS, listing_status: NS, contact_count: N, project_count: N,
  is_unlocked: Type.Boolean({ description: "This user unlocked the company" }),
});

export const CompanyDetails = Type.Object({
  id: N, name: S, cin: NS, company_type: NS, industry: NS, state: NS, city: NS, employee_band: NS, capital_band: NS,
  paid_up_capital: NN, authorized_capital: NN, incorporation_date: NS, company_status: NS, listing_status: NS,
  contact_count: N, is_unlocked: Type.Boolean(),
  address: NS, website: NS, roc_code: NS, nic_code: NS, category: NS, sub_category: NS, company_class: NS,
  created_at: S, updated_at: S, high_quality_contact_count: Type.Number({ description: "contact_fuzz_score > 70" }),
  director_count: N, has_financials: Type.Boolean(), unlocked_at: NS,
  unlock_cost: Type.Number({ description: "Credits unlocking costs now (0 when already unlocked)" }),
  is_tracked_competitor: Type.Boolean(), viewed_at: S,
});

const CountValue = Type.Object({ text: S, count: N, value: Type.Number({ description: "Rupees" }) });
export const CompanyStats = Type.Object({
  company_id: N,
  projects: Type.Object({ total: N, total_value: N, by_role: Type.Array(CountValue), by_status: Type.Array(CountValue), by_sector: Type.Array(CountValue) }),
  tenders: Type.Object({ bid: N, won: N, win_rate: NN, won_value: N }),
  total_value: N,
});

export const CompanyContactsPage = Type.Object({
  count: N, page: N, page_size: N, results: Type.Array(ContactView), company_unlocked: Type.Boolean(),
  sources: Type.Array(Type.Object({ value: S, label: S, count: N })),
  seniorities: Type.Array(Type.Object({ value: S, count: N })),
});

export const ContactHistoryRow = Type.Object({
  id: N, contact_id: N, contact_name: S, changes: Type.Record(S, Type.Unknown()), changed_by: NS, created_at: S,
});

export const FinancialYear = Type.Object({
  fiscal_year: S, revenue: NN, profit: NN, net_worth: NN, borrowings: NN, profit_margin: NN, debt_to_equity: NN,
});
const CompanyCin = Type.Object({ id: N, name: S, cin: NS });
export const CompanyFinancialData = Type.Object({ company: CompanyCin, results: Type.Array(FinancialYear) });

const DirectorCompany = Type.Object({ id: N, name: S, cin: NS, designation: NS, appointment_date: NS, cessation_date: NS });
export const DirectorInfoResponse = Type.Object({
  cin: NS, din: NS, company: Type.Union([CompanyCin, Type.Null()]),
  directors: Type.Array(Type.Object({ din: S, name: S, designation: NS, appointment_date: NS, cessation_date: NS, other_companies: Type.Array(DirectorCompany) })),
});

export const CompanyUnlockResponse = Type.Object({
  company_id: N, charged: Type.Number({ description: "Credits spent by this call (0 when already unlocked)" }), already_unlocked: Type.Boolean(),
  remaining_credits: N, total_credits: N, unlocked_at: S,
});

export const CompanyStaticRow = Type.Object({
  id: N, name: S, cin: NS, company_type: NS, industry: NS, state: NS, city: NS, contact_count: N, high_quality_contact_count: N,
});
export const UnlockedCompanyRow = Type.Object({
  id: N, name: S, cin: NS, company_type: NS, industry: NS, state: NS, city: NS, contact_count: N, high_quality_contact_count: N,
  unlocked_at: S, credits: N,
});

export const CompanySuggestion = Type.Object({ id: N, name: S, cin: NS, city: NS, state: NS, company_type: NS, score: N });
