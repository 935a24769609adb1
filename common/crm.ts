// HubSpot and Zoho CRM connectors (issue 20, point 5): what the server and the web app share.

export const CRM_VENDORS = ["hubspot", "zoho"] as const;
export type CrmVendor = (typeof CRM_VENDORS)[number];
export const CRM_VENDOR_LABELS: Record<CrmVendor, string> = { hubspot: "HubSpot", zoho: "Zoho CRM" };

/**
 * Zoho's data centres, as Zoho documents them (Multi DC support,
 * https://www.zoho.com/crm/developer/docs/api/v8/multi-dc.html and
 * https://www.zoho.com/accounts/protocol/oauth/multi-dc.html): the accounts server that refreshes a
 * token and the API domain of each. The token answer's api_domain wins when given.
 */
export const ZOHO_DATA_CENTRES = {
  com: { label: "United States (.com)", accounts: "https://accounts.zoho.com", api: "https://www.zohoapis.com" },
  eu: { label: "Europe (.eu)", accounts: "https://accounts.zoho.eu", api: "https://www.zohoapis.eu" },
  in: { label: "India (.in)", accounts: "https://accounts.zoho.in", api: "https://www.zohoapis.in" },
  "com.au": { label: "Australia (.com.au)", accounts: "https://accounts.zoho.com.au", api: "https://www.zohoapis.com.au" },
  jp: { label: "Japan (.jp)", accounts: "https://accounts.zoho.jp", api: "https://www.zohoapis.jp" },
  ca: { label: "Canada (zohocloud.ca)", accounts: "https://accounts.zohocloud.ca", api: "https://www.zohoapis.ca" },
  sa: { label: "Saudi Arabia (.sa)", accounts: "https://accounts.zoho.sa", api: "https://www.zohoapis.sa" },
  uk: { label: "United Kingdom (.uk)", accounts: "https://accounts.zoho.uk", api: "https://www.zohoapis.uk" },
  "com.cn": { label: "China (.com.cn)", accounts: "https://accounts.zoho.com.cn", api: "https://www.zohoapis.com.cn" },
} as const;
export type ZohoDataCentre = keyof typeof ZOHO_DATA_CENTRES;
export const ZOHO_DATA_CENTRE_CODES = Object.keys(ZOHO_DATA_CENTRES) as ZohoDataCentre[];

/** Our fields → the vendor's property (HubSpot) or field API name (Zoho); set once per connection. */
export interface HubspotMapping {
  /** A custom single-line text property, "unique" in HubSpot, on companies, contacts and deals, holding our id (e.g. project:12). */
  id_property: string;
  /** A custom company property holding the company's CIN; empty: not sent nor matched on. */
  cin_property: string;
  deal_pipeline: string;
  deal_stage: string;
}
export interface ZohoMapping {
  /** A custom field (API name) on Accounts, Contacts and Deals/Leads, marked "Do not allow duplicate values", holding our id. */
  id_field: string;
  /** A custom Accounts field (API name) for the CIN, unique in Zoho; empty: not sent nor matched on. */
  cin_field: string;
  /** Where a lead or tender goes: a Deal (with its Account and Contact) or a Lead. */
  deal_module: "Deals" | "Leads";
  deal_stage: string;
}
export type CrmMapping = HubspotMapping | ZohoMapping;

export const CRM_DEFAULT_MAPPING: { hubspot: HubspotMapping; zoho: ZohoMapping } = {
  hubspot: { id_property: "infrascout_id", cin_property: "cin", deal_pipeline: "default", deal_stage: "appointmentscheduled" },
  zoho: { id_field: "InfraScout_ID", cin_field: "CIN", deal_module: "Deals", deal_stage: "Qualification" },
};

export const CRM_ITEM_TYPES = ["project", "contact", "tender", "company"] as const;
export type CrmItemType = (typeof CRM_ITEM_TYPES)[number];

export type CrmSendStatus = "pending" | "sent" | "failed";

/** A record a send created or updated in the CRM. */
export interface CrmRecordLink {
  object_type: "company" | "contact" | "deal" | "lead";
  id: string;
  url: string | null;
  change: "created" | "updated";
}

/** A connection as the API answers it: never a secret, only its hint. */
export interface CrmConnection {
  vendor: CrmVendor;
  secret_hint: string;
  client_id: string | null;
  data_centre: string | null;
  mapping: CrmMapping;
  auto_on_shortlist: boolean;
  needs_reauth: boolean;
  last_error: string | null;
  last_error_at: string | null;
  connected_at: string;
  connected_by_name: string | null;
}

export interface CrmSend {
  id: number;
  vendor: CrmVendor;
  item_type: CrmItemType;
  item_id: number;
  trigger: "manual" | "shortlist";
  status: CrmSendStatus;
  attempts: number;
  last_error: string | null;
  records: CrmRecordLink[];
  next_attempt_at: string | null;
  sent_at: string | null;
  created_at: string;
  requested_by_name: string | null;
}

/** A send is tried this many times at most (a 429 wait or a refreshed Zoho token counts as one try). */
export const CRM_MAX_ATTEMPTS = 6;
