// The credits area's shared TypeBox pieces: a report as its reporter sees it (also answered by
// check_number's wrong-number reports, modules/phone), paging and error answers.
import { Type } from "typebox";
import { ErrorResponse } from "../../http/schemas.js";
import { iso } from "./contacts.js";
import type { ReportRow } from "./unlock.js";

export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }));
export const nullableString = Type.Union([Type.String(), Type.Null()]);
export const errors = { 400: ErrorResponse, 401: ErrorResponse, 402: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export const ReportSchema = Type.Object({
  id: Type.Number(),
  contact_id: Type.Number(),
  kind: Type.String({ description: "wrong_contact | wrong_number" }),
  phone: nullableString,
  reason: Type.String(),
  status: Type.String({ description: "open | accepted | rejected" }),
  resolved_at: nullableString,
  resolution_note: nullableString,
  refunded: Type.Boolean({ description: "An accepted report whose unlock was refunded" }),
  created_at: Type.String(),
});
export const toReport = (r: ReportRow) => ({
  id: r.id,
  contact_id: r.contact_id,
  kind: r.kind,
  phone: r.phone,
  reason: r.reason,
  status: r.status,
  resolved_at: iso(r.resolved_at),
  resolution_note: r.resolution_note,
  refunded: r.refund_ledger_id !== null,
  created_at: iso(r.created_at)!,
});
