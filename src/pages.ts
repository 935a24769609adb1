// Every page, loaded on demand (one chunk per page; the sign-in pages share none of the
// signed-in pages' code). lazyPage reloads once if a chunk is missing after a deploy.
import { lazyPage } from "./lib/lazyPage";

export const Pages = {
  NotFound: lazyPage(() => import("./pages/errors/NotFoundPage")),
  Login: lazyPage(() => import("./pages/auth/LoginPage")),
  Signup: lazyPage(() => import("./pages/auth/SignupPage")),
  ForgotPassword: lazyPage(() => import("./pages/auth/ForgotPasswordPage")),
  MicrosoftRedirect: lazyPage(() => import("./pages/auth/MicrosoftRedirectPage")),
  VerifyEmail: lazyPage(() => import("./pages/auth/VerifyEmailPage")),

  Dashboard: lazyPage(() => import("./pages/dashboard/DashboardPage")),
  MyFeed: lazyPage(() => import("./pages/feed/MyFeedPage")),
  Reminders: lazyPage(() => import("./pages/reminders/RemindersPage")),
  ProjectCalendar: lazyPage(() => import("./pages/calendar/ProjectCalendarPage")),
  Onboarding: lazyPage(() => import("./pages/onboarding/OnboardingPage")),
  QuickSearches: lazyPage(() => import("./pages/quick-searches/QuickSearchesPage")),
  EmailAlerts: lazyPage(() => import("./pages/email-alerts/EmailAlertsPage")),
  Notifications: lazyPage(() => import("./pages/notifications/NotificationsPage")),
  Profile: lazyPage(() => import("./pages/profile/ProfilePage")),
  Team: lazyPage(() => import("./pages/team/TeamPage")),
  JoinTeam: lazyPage(() => import("./pages/team/JoinTeamPage")),
  Assignments: lazyPage(() => import("./pages/assignments/AssignmentsPage")),

  ConstructionLeads: lazyPage(() => import("./pages/leads/LeadListPage").then((m) => ({ default: m.ConstructionLeadsPage }))),
  IndustrialLeads: lazyPage(() => import("./pages/leads/LeadListPage").then((m) => ({ default: m.IndustrialLeadsPage }))),
  AiLeads: lazyPage(() => import("./pages/leads/LeadListPage").then((m) => ({ default: m.AiLeadsPage }))),
  ConstructionLeadsNew: lazyPage(() => import("./pages/leads/NewLeadListPage").then((m) => ({ default: m.ConstructionLeadsNewPage }))),
  IndustrialLeadsNew: lazyPage(() => import("./pages/leads/NewLeadListPage").then((m) => ({ default: m.IndustrialLeadsNewPage }))),
  LeadDetail: lazyPage(() => import("./pages/leads/LeadDetailPage")),
  QaTool: lazyPage(() => import("./pages/leads/QaToolPage")),

  Tenders: lazyPage(() => import("./pages/tenders/TenderListPage")),
  TenderDetail: lazyPage(() => import("./pages/tenders/TenderDetailPage")),
  TenderAiDetail: lazyPage(() => import("./pages/tenders/TenderAiDetailPage")),
  Results: lazyPage(() => import("./pages/results/ResultListPage")),
  ResultDetail: lazyPage(() => import("./pages/results/ResultDetailPage")),

  Competitors: lazyPage(() => import("./pages/competitors/CompetitorsPage")),
  Builders: lazyPage(() => import("./pages/builders/BuilderListPage")),
  BuilderDetail: lazyPage(() => import("./pages/builders/BuilderDetailPage")),
  BuilderContacts: lazyPage(() => import("./pages/builders/BuilderContactsPage")),
  UnlockedCompanies: lazyPage(() => import("./pages/builders/UnlockedCompaniesPage")),
  CompanyFinancialData: lazyPage(() => import("./pages/builders/CompanyFinancialDataPage")),

  Impersonate: lazyPage(() => import("./pages/impersonate/ImpersonatePage")),
  ImpersonateRefused: lazyPage(() => import("./pages/impersonate/ImpersonatePage").then((m) => ({ default: m.ImpersonateRefused }))),
  UpdateProjects: lazyPage(() => import("./pages/update-projects/UpdateProjectsPage")),
  UpdateProjectDetail: lazyPage(() => import("./pages/update-projects/UpdateProjectDetailPage")),
};
