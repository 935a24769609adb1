// Every route plugin of the API, in the order buildApp registers them under /api: one plugin per
// concern, each registered here and only here (no route plugin registers another; one may register
// a third-party plugin it alone needs, as the upload routes do with multipart, which stays scoped to
// it). A new routes file goes in this list; tests/api/modules.test.ts fails on a routes file missing
// from it, on one listed twice, and on a route without TypeBox schemas for its request and response.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import healthRoutes from "../http/health.js";
import aiRoutes from "./ai/routes.js";
import alertFeedSeenRoutes from "./alerts/feed-seen.js";
import alertsRoutes from "./alerts/routes.js";
import assignmentsRoutes from "./assignments/routes.js";
import auditRoutes from "./audit/routes.js";
import changesRoutes from "./changes/routes.js";
import emailVerificationRoutes from "./auth/email-verification-routes.js";
import authRoutes from "./auth/routes.js";
import companyLookupRoutes from "./companies/lookup-routes.js";
import companiesRoutes from "./companies/routes.js";
import crmRoutes from "./crm/routes.js";
import companyUnlockRoutes from "./companies/unlock-routes.js";
import competitorsRoutes from "./competitors/routes.js";
import creditReportRoutes from "./credits/report-routes.js";
import creditsRoutes from "./credits/routes.js";
import dashboardRoutes from "./dashboard/routes.js";
import teamPipelineRoutes from "./dashboard/team-pipeline-routes.js";
import identityRoutes from "./identity/routes.js";
import impersonationRoutes from "./impersonation/routes.js";
import importsRoutes from "./imports/routes.js";
import importSourcesRoutes from "./imports/sources-routes.js";
import integrationsRoutes from "./integrations/routes.js";
import marksRoutes from "./marks/routes.js";
import notificationsRoutes from "./notifications/routes.js";
import phoneRoutes from "./phone/routes.js";
import projectContactEditRoutes from "./projects/detail-edit-contacts.js";
import projectDocumentRoutes from "./projects/detail-edit-documents.js";
import projectEditRoutes from "./projects/detail-edit.js";
import projectImageRoutes from "./projects/detail-images.js";
import projectDetailRoutes from "./projects/detail-routes.js";
import projectStaffRoutes from "./projects/detail-staff-routes.js";
import projectsRoutes from "./projects/routes.js";
import calendarRoutes from "./reminders/calendar-routes.js";
import remindersRoutes from "./reminders/routes.js";
import resultsRoutes from "./results/routes.js";
import savedSearchesRoutes from "./saved-searches/routes.js";
import settingsRoutes from "./settings/routes.js";
import tenderFeedRoutes from "./tenders/feed.js";
import tenderListRoutes from "./tenders/lists.js";
import teamInvitationRoutes from "./teams/invitation-routes.js";
import teamsRoutes from "./teams/routes.js";
import teamFeedRoutes from "./team-feed/routes.js";
import tendersRoutes from "./tenders/routes.js";
import myShareLinkRoutes from "./tenders/share-routes.js";
import usersAdminRoutes from "./users/admin-routes.js";
import passwordRoutes from "./users/password-routes.js";
import usersRoutes from "./users/routes.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A POST or PUT that takes no body: nothing sent is read. Routes that take one have a body schema instead. */
    noBody?: true;
  }
}

export interface ApiModule {
  /** The plugin's file, from server/ and without extension: what the registration test checks against. */
  file: string;
  plugin: FastifyPluginAsyncTypebox;
}

export const apiModules: readonly ApiModule[] = [
  { file: "modules/auth/routes", plugin: authRoutes },
  { file: "modules/auth/email-verification-routes", plugin: emailVerificationRoutes },
  { file: "modules/users/routes", plugin: usersRoutes },
  { file: "modules/projects/routes", plugin: projectsRoutes },
  { file: "modules/projects/detail-routes", plugin: projectDetailRoutes },
  { file: "modules/projects/detail-staff-routes", plugin: projectStaffRoutes },
  { file: "modules/projects/detail-images", plugin: projectImageRoutes },
  { file: "modules/projects/detail-edit", plugin: projectEditRoutes },
  { file: "modules/projects/detail-edit-contacts", plugin: projectContactEditRoutes },
  { file: "modules/projects/detail-edit-documents", plugin: projectDocumentRoutes },
  { file: "modules/marks/routes", plugin: marksRoutes },
  { file: "modules/credits/routes", plugin: creditsRoutes },
  { file: "modules/credits/report-routes", plugin: creditReportRoutes },
  { file: "modules/phone/routes", plugin: phoneRoutes },
  { file: "modules/ai/routes", plugin: aiRoutes },
  { file: "modules/identity/routes", plugin: identityRoutes },
  { file: "modules/impersonation/routes", plugin: impersonationRoutes },
  { file: "modules/users/admin-routes", plugin: usersAdminRoutes },
  { file: "modules/audit/routes", plugin: auditRoutes },
  { file: "modules/reminders/calendar-routes", plugin: calendarRoutes },
  { file: "modules/reminders/routes", plugin: remindersRoutes },
  { file: "modules/saved-searches/routes", plugin: savedSearchesRoutes },
  { file: "modules/alerts/feed-seen", plugin: alertFeedSeenRoutes },
  { file: "modules/alerts/routes", plugin: alertsRoutes },
  { file: "modules/users/password-routes", plugin: passwordRoutes },
  { file: "modules/imports/routes", plugin: importsRoutes },
  { file: "modules/tenders/lists", plugin: tenderListRoutes },
  { file: "modules/tenders/feed", plugin: tenderFeedRoutes },
  { file: "modules/tenders/routes", plugin: tendersRoutes },
  { file: "modules/results/routes", plugin: resultsRoutes },
  { file: "modules/tenders/share-routes", plugin: myShareLinkRoutes },
  { file: "modules/settings/routes", plugin: settingsRoutes },
  { file: "modules/companies/routes", plugin: companiesRoutes },
  { file: "modules/companies/unlock-routes", plugin: companyUnlockRoutes },
  { file: "modules/companies/lookup-routes", plugin: companyLookupRoutes },
  { file: "modules/competitors/routes", plugin: competitorsRoutes },
  { file: "modules/dashboard/routes", plugin: dashboardRoutes },
  { file: "modules/changes/routes", plugin: changesRoutes },
  { file: "modules/imports/sources-routes", plugin: importSourcesRoutes },
  { file: "modules/notifications/routes", plugin: notificationsRoutes },
  { file: "modules/teams/routes", plugin: teamsRoutes },
  { file: "modules/teams/invitation-routes", plugin: teamInvitationRoutes },
  { file: "modules/team-feed/routes", plugin: teamFeedRoutes },
  { file: "modules/integrations/routes", plugin: integrationsRoutes },
  { file: "modules/crm/routes", plugin: crmRoutes },
  { file: "modules/assignments/routes", plugin: assignmentsRoutes },
  { file: "modules/dashboard/team-pipeline-routes", plugin: teamPipelineRoutes },
  // Last: /health (liveness), /ready (readiness), /health/ (kept).
  { file: "http/health", plugin: healthRoutes },
];
