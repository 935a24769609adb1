// Business constants from the specification (section 9) and the value lists of section 3.
// Both the server and the web app import these, so a rule is written once.

export const CONTACT_QUALITY_THRESHOLD = 70; // high quality = contact_fuzz_score > 70
export const DEFAULT_DASHBOARD_DAYS = 30;
export const FRESH_DAYS = 30; // "fresh" = retrieved in the last 30 days
export const ERROR_MESSAGE_CAP = 250;
export const TOAST_SECONDS = 3;
export const ERROR_TOAST_SECONDS = 10;
export const LOGOUT_DELAY_MS = 500;
export const IMPERSONATION_REFETCH_DELAY_MS = 300;
export const SIDER_WIDTH_DRAWER = 200;
export const SIDER_WIDTH = 175;
export const DEFAULT_PAGE = 1;
export const LAKH = 100_000;
export const CRORE = 10_000_000;
export const TOKEN_STORAGE_KEY = "infrascout_token";
export const REMEMBERED_EMAIL_KEY = "infrascout_email";
export const DATE_FORMAT = "DD MMM, YYYY";
/** India Standard Time is UTC+05:30 all year (no daylight saving): the product's clock. */
export const IST_OFFSET_MS = 330 * 60_000;
/** The leads' order when there is no search text to rank by (list/search/ without q or sort). */
export const LEAD_DEFAULT_SORT = "retrieved_on desc";

export const SIGNED_IN_HOME = "/private-construction-leads";
export const LOGGED_IN_ELSEWHERE_MESSAGE = "User logged in another browser or invalid token";
export const SIGNUP_RECORDED_STATUS = 1000;

/** Default staff domains; STAFF_DOMAINS overrides them (comma-separated). */
export const DEFAULT_STAFF_DOMAINS = ["infrascout.in", "infrascout.co.in", "infrascoutdata.com"];

/** Staff = the e-mail's whole domain (after the last '@') is one of the staff domains. */
export function isStaffEmail(email: string | null | undefined, domains: readonly string[] = DEFAULT_STAFF_DOMAINS): boolean {
  if (!email) return false;
  const at = email.lastIndexOf("@");
  if (at < 0) return false;
  const domain = email.slice(at + 1).trim().toLowerCase();
  return domains.some((d) => d.toLowerCase() === domain);
}

export const MARKS = ["unmarked", "shortlisted", "tentative", "rejected"] as const;
export type Mark = (typeof MARKS)[number];
export const MARK_LABELS: Record<Mark, string> = {
  unmarked: "Mark As",
  shortlisted: "Shortlisted",
  tentative: "Tentative",
  rejected: "Rejected",
};

export const CONTACT_SOURCES = ["telephone", "internet", "official_govt_website"] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];
export const CONTACT_SOURCE_LABELS: Record<ContactSource, string> = {
  telephone: "Telephone Call",
  internet: "Found on the Internet",
  official_govt_website: "Official Government Website",
};

export const SENIORITY_LEVELS = [
  "CXO/MD/Director/Proprietor",
  "VP/Divisional head",
  "Assistant General Manager",
  "General Manager",
  "Senior Manager or equivalent",
  "Manager or equivalent",
  "Executive or equivalent",
] as const;
export type Seniority = (typeof SENIORITY_LEVELS)[number];

export const PROJECT_CATEGORIES = ["construction", "industrial"] as const;
/** How a category reads on screen (the index and the API keep the lowercase value). */
export const PROJECT_CATEGORY_LABELS: Record<(typeof PROJECT_CATEGORIES)[number], string> = { construction: "Construction", industrial: "Industrial" };
/** A category value → its label; an unknown value is shown as it came. */
export const categoryLabel = (value: string): string => (PROJECT_CATEGORY_LABELS as Record<string, string | undefined>)[value] ?? value;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

/** Project statuses a subscriber can prefer at onboarding (and that leads carry). */
export const PROJECT_STATUSES = [
  "Planning",
  "Approval",
  "Tendering",
  "Awarded",
  "Under Construction",
  "Completed",
  "On Hold",
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const TENDER_STATUSES = ["Live", "Closed", "AOC", "Cancelled", "Retender", "Technical Evaluation", "Financial Evaluation"] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];
