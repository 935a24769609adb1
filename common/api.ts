// Shapes of the API that both sides use. Server schemas (TypeBox) mirror these.

/** The signed-in user as the web app sees it (spec section 3, User). */
export interface UserInfo {
  id: number;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  company: string | null;
  designation: string | null;
  preferred_proj_status: string[];
  preferred_sectors: string[];
  preferred_states: string[];
  end_date: string | null; // 'YYYY-MM-DD'; null = signup recorded, no subscription yet
  is_impersonated: boolean;
  is_staff: boolean;
  /** The address is proven (mailed link or Google/Microsoft); the server always says. */
  email_verified?: boolean;
  remaining_credits: number;
  total_credits: number;
  created_at: string;
}

export interface UserPreferences {
  preferred_proj_status: string[];
  preferred_sectors: string[];
  preferred_states: string[];
  preferred_min_value: number | null;
  preferred_max_value: number | null;
  /** The option lists the onboarding and profile pages offer. */
  options: { statuses: string[]; sectors: string[]; states: string[] };
}

export interface LoginRequest {
  username: string;
  password: string;
}
export interface TokenResponse {
  token: string;
}

export interface SignupRequest {
  first_name: string;
  last_name?: string;
  email: string;
  phone?: string;
  company?: string;
  designation?: string;
  password: string;
}

/** Error bodies: `{detail}` for a general error, `{field: [message]}` for validation. */
export type ApiErrorBody = { detail: string } | Record<string, string[]>;

export interface ListResponse<T> {
  count: number;
  page: number;
  page_size: number;
  results: T[];
}

export interface FacetOption {
  text: string;
  count: number;
}
export interface FacetsResponse {
  facets: Record<string, FacetOption[]>;
}

/**
 * A record id as the API's routes accept it (an integer 1 … 2^53 − 1, written plainly). A detail
 * route whose id fails this shows the 404 page without asking the server.
 */
export function isRecordId(value: string | undefined): value is string {
  return !!value && /^[1-9]\d*$/.test(value) && Number.isSafeInteger(Number(value));
}
