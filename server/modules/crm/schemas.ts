// TypeBox schemas of the CRM API (routes.ts). No answer schema has a secret in it.
import { Type } from "typebox";
import { CRM_DEFAULT_MAPPING, CRM_ITEM_TYPES, CRM_VENDORS, ZOHO_DATA_CENTRE_CODES, type CrmConnection, type CrmMapping, type CrmSend } from "../../../common/crm.js";
import { ErrorResponse } from "../../http/schemas.js";
import type { ConnectionRow, SendRow } from "./queries.js";

export const tags = ["integrations"];
export const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };
const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const NS = Type.Union([Type.String(), Type.Null()]);
const Name = (max: number) => Type.String({ maxLength: max, pattern: "^[A-Za-z0-9_]*$" });

export const VendorParams = Type.Object({ vendor: Type.Enum([...CRM_VENDORS]) });
export const ItemType = Type.Enum([...CRM_ITEM_TYPES]);

export const MappingSchema = Type.Object(
  {
    id_property: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9_]+$" })),
    cin_property: Type.Optional(Name(100)),
    deal_pipeline: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    id_field: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9_]+$" })),
    cin_field: Type.Optional(Name(100)),
    deal_module: Type.Optional(Type.Union([Type.Literal("Deals"), Type.Literal("Leads")])),
    deal_stage: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);

const Secret = Type.String({ minLength: 8, maxLength: 2048, pattern: "^\\S+$" });
export const ConnectBody = Type.Object(
  {
    token: Type.Optional(Type.String({ ...Secret, description: "HubSpot: the private app's access token (stored encrypted, never answered)" })),
    client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: "^\\S+$", description: "Zoho: the Self Client's client id" })),
    client_secret: Type.Optional(Type.String({ ...Secret, description: "Zoho: the client secret (stored encrypted, never answered)" })),
    refresh_token: Type.Optional(Type.String({ ...Secret, description: "Zoho: a refresh token of the Self Client (stored encrypted, never answered)" })),
    data_centre: Type.Optional(Type.Enum([...ZOHO_DATA_CENTRE_CODES], { description: "Zoho: where the account lives (com, eu, in, com.au, jp, ca, sa, uk, com.cn)" })),
    mapping: Type.Optional(MappingSchema),
    auto_on_shortlist: Type.Optional(Type.Boolean({ description: "Send a lead to this CRM when a member shortlists it" })),
  },
  { additionalProperties: false },
);

export const ConnectionSchema = Type.Object({
  vendor: Type.Enum([...CRM_VENDORS]),
  secret_hint: Type.String({ description: "The token's (HubSpot) or refresh token's (Zoho) last four characters" }),
  client_id: NS,
  data_centre: NS,
  mapping: Type.Record(Type.String(), Type.String()),
  auto_on_shortlist: Type.Boolean(),
  needs_reauth: Type.Boolean(),
  last_error: NS,
  last_error_at: NS,
  connected_at: Type.String(),
  connected_by_name: NS,
});

export const ConnectionsSchema = Type.Object({ connections: Type.Array(ConnectionSchema) });
export const StatusSchema = Type.Object({ connected: Type.Array(Type.Enum([...CRM_VENDORS])), can_manage: Type.Boolean() });
export const TestSchema = Type.Object({ ok: Type.Boolean(), error: NS, connection: ConnectionSchema });

export const SendBody = Type.Object({ item_type: ItemType, item_id: Id }, { additionalProperties: false });
const RecordLink = Type.Object({ object_type: Type.String(), id: Type.String(), url: NS, change: Type.String() });
export const SendSchema = Type.Object({
  id: Type.Number(),
  vendor: Type.Enum([...CRM_VENDORS]),
  item_type: ItemType,
  item_id: Type.Number(),
  trigger: Type.Union([Type.Literal("manual"), Type.Literal("shortlist")]),
  status: Type.Union([Type.Literal("pending"), Type.Literal("sent"), Type.Literal("failed")]),
  attempts: Type.Number(),
  last_error: NS,
  records: Type.Array(RecordLink),
  next_attempt_at: NS,
  sent_at: NS,
  created_at: Type.String(),
  requested_by_name: NS,
});
export const SendsQuery = Type.Object({ item_type: Type.Optional(ItemType), item_id: Type.Optional(Id) }, { additionalProperties: false });

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

/** The connection's mapping: the vendor's defaults, then what the admin set. */
export const mappingOf = (vendor: ConnectionRow["vendor"], m: Partial<Record<string, string>> | undefined): CrmMapping => {
  const defaults = CRM_DEFAULT_MAPPING[vendor] as unknown as Record<string, string>;
  const out: Record<string, string> = {};
  for (const k of Object.keys(defaults)) out[k] = m?.[k] ?? defaults[k];
  return out as unknown as CrmMapping;
};

export const toConnection = (c: ConnectionRow): CrmConnection => ({
  vendor: c.vendor,
  secret_hint: c.secret_hint,
  client_id: c.client_id,
  data_centre: c.data_centre,
  mapping: mappingOf(c.vendor, c.field_map as unknown as Record<string, string>),
  auto_on_shortlist: c.auto_on_shortlist,
  needs_reauth: c.needs_reauth,
  last_error: c.last_error,
  last_error_at: iso(c.last_error_at),
  connected_at: new Date(c.connected_at).toISOString(),
  connected_by_name: c.connected_by_name,
});

export const toSend = (s: SendRow): CrmSend => ({
  id: s.id,
  vendor: s.vendor,
  item_type: s.item_type,
  item_id: Number(s.item_id),
  trigger: s.trigger,
  status: s.status,
  attempts: s.attempts,
  last_error: s.last_error,
  records: s.records,
  next_attempt_at: iso(s.next_attempt_at),
  sent_at: iso(s.sent_at),
  created_at: new Date(s.created_at).toISOString(),
  requested_by_name: s.requested_by_name,
});
