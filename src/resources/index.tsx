// The resource list: Refine resources with their routes, pages, API endpoint, menu parent and
// icon. It drives the side menu (components/layout/menuItems.ts), the signed-in routes
// (resources/routes.tsx: every list, show and other path of a resource opens its page behind the
// resource's access rule) and access (common/ability.ts RESOURCE_SUBJECTS). Resources with
// meta.hide stay out of the menu.
import {
  BankOutlined,
  HomeOutlined,
  MailOutlined,
  ShopOutlined,
  EditOutlined,
  ApartmentOutlined,
} from "@ant-design/icons";
import type { ResourceProps } from "@refinedev/core";
import type { ComponentType } from "react";
import type { ListerConfig } from "../components/search/config";
import { Pages } from "../pages";

/** A page component, loaded on demand (src/pages.ts); `preload` fetches its chunk ahead. */
export type Page = ComponentType & { preload?: () => Promise<void> };

/**
 * The search a lister page runs (its configuration and fixed filters), loaded when wanted: the
 * menu prefetches a lister's first page from it (components/search/prefetch.ts), and the shell
 * does not carry the listers' configurations.
 */
export type ListerSearch = () => Promise<{ config: ListerConfig; preset?: string[] }>;

/** A path of a resource beside its list and show pages (aliases, tabs of a detail). */
export interface ExtraRoute {
  path: string;
  page: Page;
  /** The Refine action it is checked as; "show" when not given. */
  action?: "list" | "show";
  /** For a lister page: its search. */
  lister?: ListerSearch;
}

export interface ResourceMeta {
  label?: string;
  parent?: string;
  icon?: React.ReactNode;
  hide?: boolean;
  /** The list endpoint of the search language. */
  endpoint?: string;
  /** Other pages that highlight this item in the menu (detail pages). */
  highlightOn?: string[];
  /** The pages of the resource's list and show paths. */
  pages?: { list?: Page; show?: Page };
  /** More paths of the resource, each with its page. */
  routes?: ExtraRoute[];
  /** Shown instead of the page when access is refused (the 404 page when not given). */
  denied?: Page;
  /** For a resource whose list page is a lister: its search. */
  lister?: ListerSearch;
}

const leadSearch = (variant: "construction" | "industrial" | "ai"): ListerSearch => () =>
  import("../pages/leads/leadSearch").then((m) => ({ config: m.leadListerConfig, preset: m.LEAD_PRESETS[variant] }));
const tenderSearch = () => import("../pages/tenders/tenderSearch");


export type Resource = ResourceProps & { meta?: ResourceMeta };

export const resources: Resource[] = [
  { name: "home", meta: { label: "Home", icon: <HomeOutlined /> } },
  { name: "dashboard", list: "/dashboard", meta: { label: "Dashboard", parent: "home", pages: { list: Pages.Dashboard } } },
  { name: "my-feed", list: "/my-feed", meta: { label: "My Feed", parent: "home", endpoint: "list/my-feed/", pages: { list: Pages.MyFeed } } },

  { name: "private-sector", meta: { label: "Private Sector", icon: <ApartmentOutlined /> } },
  { name: "projects", meta: { label: "Projects", parent: "private-sector" } },
  {
    name: "construction-leads",
    list: "/private-construction-leads",
    show: "/private-construction-leads/detail/:id",
    meta: {
      label: "Construction",
      parent: "projects",
      endpoint: "list/search/",
      highlightOn: ["/private-construction-leads-new"],
      pages: { list: Pages.ConstructionLeads, show: Pages.LeadDetail },
      lister: leadSearch("construction"),
      routes: [{ path: "/private-construction-leads-new", page: Pages.ConstructionLeadsNew, action: "list", lister: leadSearch("construction") }],
    },
  },
  {
    name: "industrial-leads",
    list: "/private-industrial-leads",
    show: "/private-industrial-leads/detail/:id",
    meta: {
      label: "Industrial",
      parent: "projects",
      endpoint: "list/search/",
      highlightOn: ["/private-industrial-leads-new"],
      pages: { list: Pages.IndustrialLeads, show: Pages.LeadDetail },
      lister: leadSearch("industrial"),
      routes: [{ path: "/private-industrial-leads-new", page: Pages.IndustrialLeadsNew, action: "list", lister: leadSearch("industrial") }],
    },
  },

  {
    name: "builders",
    list: "/builders",
    show: "/builder/detail/:id",
    meta: {
      label: "Builders",
      icon: <ShopOutlined />,
      endpoint: "list/company/search/",
      highlightOn: ["/builder/contacts/"],
      pages: { list: Pages.Builders, show: Pages.BuilderDetail },
      lister: () => import("../pages/builders/builderSearch").then((m) => ({ config: m.builderListerConfig })),
      routes: [
        { path: "/builder/contacts/:id", page: Pages.BuilderContacts },
        { path: "/company-financial-data/:id", page: Pages.CompanyFinancialData },
      ],
    },
  },
  {
    name: "email-alerts",
    list: "/email-alerts",
    meta: { label: "Email Alerts", icon: <MailOutlined />, endpoint: "email-config/", pages: { list: Pages.EmailAlerts } },
  },
  {
    name: "update-projects",
    list: "/update-projects",
    show: "/update-projects/detail/:id",
    meta: {
      label: "Update Projects",
      icon: <EditOutlined />,
      endpoint: "list/review/search/",
      pages: { list: Pages.UpdateProjects, show: Pages.UpdateProjectDetail },
    },
  },

  { name: "public-sector", meta: { label: "Public Sector", icon: <BankOutlined /> } },
  {
    name: "tenders",
    list: "/live-tenders",
    show: "/tender/detail/:id",
    meta: {
      label: "Tenders",
      parent: "public-sector",
      endpoint: "list/tenders/search/",
      highlightOn: ["/tender/ai-detail/"],
      pages: { list: Pages.Tenders, show: Pages.TenderDetail },
      lister: () => tenderSearch().then((m) => ({ config: m.tenderListerConfig })),
      routes: [{ path: "/tender/ai-detail/:id", page: Pages.TenderAiDetail }],
    },
  },
  {
    name: "results",
    list: "/results",
    show: "/result/detail/:id",
    meta: {
      label: "Results",
      parent: "public-sector",
      endpoint: "list/results/search/",
      pages: { list: Pages.Results, show: Pages.ResultDetail },
      lister: () => tenderSearch().then((m) => ({ config: m.resultListerConfig, preset: m.RESULT_PRESET })),
    },
  },

  // Pages outside the menu (reached from the top bar, the dashboard or links).
  { name: "ai-leads", list: "/ai-leads", meta: { label: "AI Leads", hide: true, endpoint: "list/search/", pages: { list: Pages.AiLeads }, lister: leadSearch("ai") } },
  {
    name: "leads",
    show: "/private-leads/detail/:id",
    meta: {
      label: "Projects",
      hide: true,
      pages: { show: Pages.LeadDetail },
      routes: [
        { path: "/private-leads/detail/:id/qa-tool", page: Pages.QaTool },
        { path: "/project-detail-new/:id", page: Pages.LeadDetail },
      ],
    },
  },
  { name: "quick-searches", list: "/quick-searches", meta: { label: "Quick Searches", hide: true, endpoint: "saved-search/", pages: { list: Pages.QuickSearches } } },
  { name: "reminders", list: "/reminders", meta: { label: "Reminders", hide: true, endpoint: "reminders/list", pages: { list: Pages.Reminders } } },
  { name: "notifications", list: "/notifications", meta: { label: "Notifications", hide: true, endpoint: "notifications/", pages: { list: Pages.Notifications } } },
  { name: "project-calendar", list: "/project-calendar", meta: { label: "Project Calendar", hide: true, pages: { list: Pages.ProjectCalendar } } },
  { name: "competitors", list: "/your-competitors", meta: { label: "Your Competitors", hide: true, pages: { list: Pages.Competitors } } },
  { name: "unlocked-companies", list: "/unlocked-companies", meta: { label: "Unlocked Companies", hide: true, pages: { list: Pages.UnlockedCompanies } } },
  { name: "profile", list: "/profile", meta: { label: "Profile", hide: true, pages: { list: Pages.Profile } } },
  // A subscriber's team: members, seats and invitations (issue 20); in the account menu; the invitation link's page is /team/join (AppRoutes).
  { name: "team", list: "/team", meta: { label: "Team", hide: true, pages: { list: Pages.Team } } },
  // Assignments in the team (issue 20): "Assigned to me" in the account menu; the list is GET assignments/.
  { name: "assignments", list: "/assignments", meta: { label: "Assigned to me", hide: true, endpoint: "assignments/", pages: { list: Pages.Assignments } } },
  // Staff: start acting as a user; others are told why not (the page's refusal, not the 404 page).
  {
    name: "impersonate",
    show: "/impersonate/:id",
    meta: { label: "Impersonate User", hide: true, pages: { show: Pages.Impersonate }, denied: Pages.ImpersonateRefused },
  },
  // Staff: the audit log, a tab of /update-projects (?tab=audit) so the spec's routes stay as they are.
  { name: "audit-log", meta: { label: "Audit log", hide: true, endpoint: "audit-log/" } },
  // Staff: how fresh each import source is, the Sources tab of /update-projects (?tab=sources).
  { name: "import-sources", meta: { label: "Import sources", hide: true, endpoint: "imports/sources/" } },
];
