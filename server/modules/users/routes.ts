// The signed-in user's own account: who am I, my preferences, update my profile.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { PROJECT_STATUSES } from "../../../common/constants.js";
import { INDIAN_STATES, SECTORS } from "../../../common/taxonomy.js";
import { fieldError, notFound } from "../../http/errors.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { ErrorResponse, Nullable, UserInfoSchema } from "../../http/schemas.js";
import { findUserRow, toUserInfo, updateProfile } from "./queries.js";

const UserPreferencesSchema = Type.Object({
  preferred_proj_status: Type.Array(Type.String()),
  preferred_sectors: Type.Array(Type.String()),
  preferred_states: Type.Array(Type.String()),
  preferred_min_value: Type.Union([Type.Number(), Type.Null()]),
  preferred_max_value: Type.Union([Type.Number(), Type.Null()]),
  options: Type.Object({ statuses: Type.Array(Type.String()), sectors: Type.Array(Type.String()), states: Type.Array(Type.String()) }),
});

const optionalText = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const ProfilePatch = Type.Object(
  {
    first_name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
    last_name: optionalText(80),
    phone: optionalText(20),
    company: optionalText(160),
    designation: optionalText(120),
    preferred_proj_status: Type.Optional(Type.Array(Type.String({ enum: [...PROJECT_STATUSES] }), { maxItems: PROJECT_STATUSES.length })),
    preferred_sectors: Type.Optional(Type.Array(Type.String({ enum: [...SECTORS] }), { maxItems: SECTORS.length })),
    preferred_states: Type.Optional(Type.Array(Type.String({ enum: [...INDIAN_STATES] }), { maxItems: INDIAN_STATES.length })),
    preferred_min_value: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
    preferred_max_value: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
  },
  { additionalProperties: false },
);

const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const userInfo = async (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    const row = await findUserRow(app.db, auth.user.id);
    if (!row) throw notFound();
    return toUserInfo(row, { impersonated: auth.impersonatorId !== null, staffDomains: app.config.staffDomains });
  };
  const userOnly = { access: "user" as const };
  const infoSchema = (summary: string) => ({ tags: ["user"], summary, response: { 200: UserInfoSchema, 401: ErrorResponse, 409: ErrorResponse } });

  app.get("/user/me/", { config: userOnly, schema: infoSchema("The signed-in user") }, (request) => userInfo(request));
  app.get("/user-info/", { config: userOnly, schema: infoSchema("The signed-in user's profile, subscription and credits") }, (request) => userInfo(request));

  app.get(
    "/user-preferences/",
    { config: userOnly, schema: { tags: ["user"], summary: "Lead preferences and the options to choose from", response: { 200: UserPreferencesSchema, 401: ErrorResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      const row = await findUserRow(app.db, auth.user.id);
      if (!row) throw notFound();
      return {
        preferred_proj_status: row.preferred_proj_status,
        preferred_sectors: row.preferred_sectors,
        preferred_states: row.preferred_states,
        preferred_min_value: row.preferred_min_value,
        preferred_max_value: row.preferred_max_value,
        options: { statuses: [...PROJECT_STATUSES], sectors: [...SECTORS], states: [...INDIAN_STATES] },
      };
    },
  );

  app.patch(
    "/user-info/",
    { config: userOnly, schema: { tags: ["user"], summary: "Update the profile", body: ProfilePatch, response: { 200: UserInfoSchema, 400: ErrorResponse, 401: ErrorResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      const body = request.body;
      if (body.first_name !== undefined && body.first_name.trim() === "") throw fieldError("first_name", "This field may not be blank.");
      const min = body.preferred_min_value, max = body.preferred_max_value;
      if (min != null && max != null && min > max) throw fieldError("preferred_max_value", "Must not be less than the minimum value.");
      await updateProfile(app.db, auth.user.id, { ...body, first_name: body.first_name?.trim() });
      return userInfo(request);
    },
  );
};

export default usersRoutes;
