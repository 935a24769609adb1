// The resource list: Refine resources with their routes, API endpoint, menu parent and icon.
// The side menu is built from it (components/layout/menuItems.ts), so a page added here
// appears in the menu in the right group. Resources with meta.hide stay out of the menu.
import {
  BankOutlined,
  HomeOutlined,
  MailOutlined,
  ShopOutlined,
  EditOutlined,
  ApartmentOutlined,
} from "@ant-design/icons";
import type { ResourceProps } from "@refinedev/core";

export interface ResourceMeta {
  label?: string;
  parent?: string;
  icon?: React.ReactNode;
  hide?: boolean;
  /** The list endpoint of the search language. */
  endpoint?: string;
  /** Other pages that highlight this item in the menu (detail pages). */
  highlightOn?: string[];
}

type Resource = ResourceProps & { meta?: ResourceMeta };

export const resources: Resource[] = [
  { name: "home", meta: { label: "Home", icon: <HomeOutlined /> } },
  { name: "dashboard", list: "/dashboard", meta: { label: "Dashboard", parent: "home" } },
  { name: "my-feed", list: "/my-feed", meta: { label: "My Feed", parent: "home", endpoint: "list/my-feed/" } },

  { name: "private-sector", meta: { label: "Private Sector", icon: <ApartmentOutlined /> } },
  { name: "projects", meta: { label: "Projects", parent: "private-sector" } },
  {
    name: "construction-leads",
    list: "/private-construction-leads",
    show: "/private-construction-leads/detail/:id",
    meta: { label: "Construction", parent: "projects", endpoint: "list/search/", highlightOn: ["/private-construction-leads-new"] },
  },
  {
    name: "industrial-leads",
    list: "/private-industrial-leads",
    show: "/private-industrial-leads/detail/:id",
    meta: { label: "Industrial", parent: "projects", endpoint: "list/search/", highlightOn: ["/private-industrial-leads-new"] },
  },

  {
    name: "builders",
    list: "/builders",
    show: "/builder/detail/:id",
    meta: { label: "Builders", icon: <ShopOutlined />, endpoint: "list/company/search/", highlightOn: ["/builder/contacts/"] },
  },
  { name: "email-alerts", list: "/email-alerts", meta: { label: "Email Alerts", icon: <MailOutlined />, endpoint: "email-config/" } },
  {
    name: "update-projects",
    list: "/update-projects",
    show: "/update-projects/detail/:id",
    meta: { label: "Update Projects", icon: <EditOutlined />, endpoint: "list/review/search/" },
  },

  { name: "public-sector", meta: { label: "Public Sector", icon: <BankOutlined /> } },
  {
    name: "tenders",
    list: "/live-tenders",
    show: "/tender/detail/:id",
    meta: { label: "Tenders", parent: "public-sector", endpoint: "list/tenders/search/", highlightOn: ["/tender/ai-detail/"] },
  },
  { name: "results", list: "/results", show: "/result/detail/:id", meta: { label: "Results", parent: "public-sector", endpoint: "list/results/search/" } },

  // Pages outside the menu (reached from the top bar, the dashboard or links).
  { name: "ai-leads", list: "/ai-leads", meta: { label: "AI Leads", hide: true, endpoint: "list/search/" } },
  { name: "leads", show: "/private-leads/detail/:id", meta: { label: "Projects", hide: true } },
  { name: "quick-searches", list: "/quick-searches", meta: { label: "Quick Searches", hide: true, endpoint: "saved-search/" } },
  { name: "reminders", list: "/reminders", meta: { label: "Reminders", hide: true, endpoint: "reminders/list" } },
  { name: "project-calendar", list: "/project-calendar", meta: { label: "Project Calendar", hide: true } },
  { name: "competitors", list: "/your-competitors", meta: { label: "Your Competitors", hide: true } },
  { name: "unlocked-companies", list: "/unlocked-companies", meta: { label: "Unlocked Companies", hide: true } },
  { name: "profile", list: "/profile", meta: { label: "Profile", hide: true } },
  // Staff: the audit log, a tab of /update-projects (?tab=audit) so the spec's routes stay as they are.
  { name: "audit-log", meta: { label: "Audit log", hide: true, endpoint: "audit-log/" } },
];
