// TypeBox schemas shared by several routes: error bodies, the user object, stored web addresses.
import { Type, type TSchema } from "typebox";
import { isSafeWebUrl, WEB_URL_MAX_LENGTH } from "../../common/urls.js";

/**
 * A request field that may be null. Null goes first: the validator coerces types (query
 * strings need it), and tried first, a number or string branch would turn null into 0 or "".
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

/** The ajv format WebUrl checks with the shared rule (common/urls.ts); registered in app.ts. */
export const WEB_URL_FORMAT = "web-url";
// Typed by what it uses (ajv is Fastify's dependency, not ours): Fastify passes its ajv instance.
type AjvLike = { addFormat(name: string, format: (value: string) => boolean): unknown };
export const addWebUrlFormat = <A extends AjvLike>(ajv: A): A => {
  ajv.addFormat(WEB_URL_FORMAT, isSafeWebUrl);
  return ajv;
};

/** A stored web address (source URL, document link, website): absolute http(s) only. */
export const WebUrl = () => Type.String({ format: WEB_URL_FORMAT, maxLength: WEB_URL_MAX_LENGTH, description: "An http:// or https:// address" });

/** `{detail}` or `{field: [messages]}`. */
export const ErrorResponse = Type.Union([
  Type.Object({ detail: Type.String() }),
  Type.Record(Type.String(), Type.Array(Type.String())),
]);

export const UserInfoSchema = Type.Object({
  id: Type.Number(),
  email: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  first_name: Type.String(),
  last_name: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  company: Type.Union([Type.String(), Type.Null()]),
  designation: Type.Union([Type.String(), Type.Null()]),
  preferred_proj_status: Type.Array(Type.String()),
  preferred_sectors: Type.Array(Type.String()),
  preferred_states: Type.Array(Type.String()),
  end_date: Type.Union([Type.String(), Type.Null()]),
  is_impersonated: Type.Boolean(),
  is_staff: Type.Boolean(),
  email_verified: Type.Boolean(),
  remaining_credits: Type.Number(),
  total_credits: Type.Number(),
  created_at: Type.String(),
});

export const DetailResponse = Type.Object({ detail: Type.String() });
export const TokenResponse = Type.Object({ token: Type.String() });
