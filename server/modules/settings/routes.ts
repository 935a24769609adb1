// Run-time settings for staff (refused to subscribers and to impersonated sessions):
//   GET   settings/                        the settings, who changed them last and when
//   PATCH settings/  {share_link_days}     how long new shared links work (1–365 days); audited
// A change applies to links issued afterwards; links already out keep their expiry.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { MAX_SHARE_LINK_DAYS, getSettings, lockShareLinkDays, setShareLinkDays } from "./queries.js";

const Settings = Type.Object({
  share_link_days: Type.Integer(),
  updated_at: Type.String(),
  updated_by_email: Type.Union([Type.String(), Type.Null()]),
});
const SettingsPatch = Type.Object(
  { share_link_days: Type.Integer({ minimum: 1, maximum: MAX_SHARE_LINK_DAYS }) },
  { additionalProperties: false },
);
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const tags = ["settings"];

const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/settings/",
    { config: { access: "staff" }, schema: { tags, summary: "Run-time settings (staff)", response: { 200: Settings, ...errors } } },
    async () => getSettings(app.db),
  );

  app.patch(
    "/settings/",
    { config: { access: "staff" }, schema: { tags, summary: "Change run-time settings (staff); every change is audited", body: SettingsPatch, response: { 200: Settings, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const days = request.body.share_link_days;
      await app.db.transaction(async (tx) => {
        const before = await lockShareLinkDays(tx);
        if (before === days) return;
        await setShareLinkDays(tx, days, auth.user.id);
        await auditAs(request, "settings_change", { itemType: "settings", details: { share_link_days: [before, days] } }, tx);
      });
      return getSettings(app.db);
    },
  );
};

export default settingsRoutes;
