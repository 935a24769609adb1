// Who may do what: one set of CASL rules, used by the server to enforce every route (403) and
// by the web app (Refine's accessControlProvider, <Can>) to hide and guard what a user may not
// use. The rules depend only on the signed-in user as /user-info/ describes them.
//
//   anonymous / disabled          nothing
//   signed in, no subscription    their own Profile (read, update: onboarding, profile page)
//   subscriber (end_date ≥ today) read leads, tenders, results, companies, contacts, dashboard,
//                                 feed; manage their own marks, reminders, saved searches,
//                                 e-mail alerts, competitors; create unlocks and exports; spend
//                                 their own credits
//   staff (STAFF_DOMAINS)         everything a subscriber may (whatever their end_date), and
//                                 manage projects, the review queue, users, imports; read the audit log;
//                                 impersonate a user who is neither staff nor themselves
//   impersonated session          what the user may, regardless of end_date, but never staff
//                                 powers, never impersonate, and spend credits only with an
//                                 explicit confirmation ({confirmed: true} on the subject)
import { AbilityBuilder, createMongoAbility, subject, type MongoAbility, type MongoQuery } from "@casl/ability";
import { isStaffEmail } from "./constants.js";

export type Action = "manage" | "read" | "create" | "update" | "delete" | "spend" | "impersonate" | "cancel";

export const SUBJECTS = [
  "Lead", "Tender", "Result", "Company", "Contact", "Dashboard", "Feed",
  "Mark", "Reminder", "SavedSearch", "EmailAlert", "Competitor", "Unlock", "Export", "Credits",
  "Profile", "Password", "Project", "ReviewQueue", "User", "AuditLog", "Impersonation", "Import", "Team",
] as const;
export type SubjectType = (typeof SUBJECTS)[number] | "all";

/** Plain objects checked against conditions, e.g. subject("User", {id, is_staff}). */
export type SubjectObject = Record<string, unknown>;
export type AppAbility = MongoAbility<[Action, SubjectType | object], MongoQuery<SubjectObject>>;

/** The user fields the rules read (UserInfo carries all of them). */
export interface AbilityUser {
  id: number;
  email?: string | null;
  /** When given (the server's granted-and-proven flag), the e-mail's domain alone is not enough. */
  is_staff?: boolean;
  end_date: string | null;
  is_impersonated?: boolean;
  is_active?: boolean;
}

export interface AbilityOptions {
  staffDomains?: readonly string[];
  /** 'YYYY-MM-DD' (UTC); defaults to today. A subscription ending today is still current. */
  today?: string;
}

/** The subjects a subscriber owns: each row carries the owner's user_id. */
export const OWNED_SUBJECTS = ["Mark", "Reminder", "SavedSearch", "EmailAlert", "Competitor"] as const;
/** What a subscriber reads (shared data). */
export const SUBSCRIBER_READS = ["Lead", "Tender", "Result", "Company", "Contact", "Dashboard", "Feed"] as const;

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The one staff rule, for the server and the web app: an address on a staff domain (the spec's
 * staff detection) and, when the server has said so, granted and proven (`is_staff`, which the
 * server computes with the domain check too). A flag without the domain is not staff.
 */
export function isStaffUser(user: AbilityUser | null | undefined, staffDomains?: readonly string[]): boolean {
  if (!user || !isStaffEmail(user.email, staffDomains)) return false;
  return user.is_staff ?? true;
}

/** A current subscription: an end date today or later. */
export function hasSubscription(user: Pick<AbilityUser, "end_date">, today = todayUtc()): boolean {
  return !!user.end_date && user.end_date >= today;
}

export function defineAbilityFor(user: AbilityUser | null | undefined, opts: AbilityOptions = {}): AppAbility {
  const { can, cannot, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (!user || user.is_active === false) return build();

  const impersonated = !!user.is_impersonated;
  // An impersonated session never carries staff powers, even if a staff account were the target.
  const staff = !impersonated && isStaffUser(user, opts.staffDomains);
  const subscribed = impersonated || staff || hasSubscription(user, opts.today);

  can(["read", "update"], "Profile", { id: user.id });
  // The account's credentials stay the user's own: a staff member acting as them cannot change them.
  if (!impersonated) can("update", "Password", { id: user.id });

  if (subscribed) {
    can("read", [...SUBSCRIBER_READS]);
    can("manage", [...OWNED_SUBJECTS], { user_id: user.id });
    can(["create", "read"], "Unlock", { user_id: user.id });
    can("create", "Export", { user_id: user.id });
    // A team's roles (owner, admin, member) are its data: the teams routes check them per team.
    can("manage", "Team");
    if (impersonated) can("spend", "Credits", { user_id: user.id, confirmed: true });
    else can("spend", "Credits", { user_id: user.id });
  }

  if (impersonated) can("cancel", "Impersonation");

  if (staff) {
    can("manage", ["Project", "ReviewQueue", "User", "Import"]);
    can("read", "AuditLog");
    can("impersonate", "User");
    cannot("impersonate", "User", { is_staff: true });
    cannot("impersonate", "User", { id: user.id });
  }
  return build();
}

/** May this session spend the user's credits now? Impersonated sessions need confirmed = true. */
export function canSpendCredits(ability: AppAbility, userId: number, confirmed = false): boolean {
  return ability.can("spend", subject("Credits", { user_id: userId, confirmed }));
}

/** May this staff session impersonate that user? */
export function canImpersonate(ability: AppAbility, target: { id: number; is_staff: boolean }): boolean {
  return ability.can("impersonate", subject("User", { id: target.id, is_staff: target.is_staff }));
}

/**
 * Refine resources (src/resources) → the permission each needs, for the web app's
 * accessControlProvider: `can({resource, action}) → canUseResource(ability, resource, action)`.
 * Menu groups (home, private-sector, public-sector) are not listed: any signed-in user sees them.
 */
export const RESOURCE_SUBJECTS: Record<string, SubjectType> = {
  dashboard: "Dashboard",
  "my-feed": "Feed",
  projects: "Lead",
  "construction-leads": "Lead",
  "industrial-leads": "Lead",
  "ai-leads": "Lead",
  leads: "Lead",
  "project-calendar": "Lead",
  builders: "Company",
  "unlocked-companies": "Unlock",
  competitors: "Competitor",
  tenders: "Tender",
  results: "Result",
  "email-alerts": "EmailAlert",
  "quick-searches": "SavedSearch",
  reminders: "Reminder",
  profile: "Profile",
  "update-projects": "Project",
  users: "User",
  impersonate: "User",
  "audit-log": "AuditLog",
  "import-sources": "Import",
  team: "Team",
  assignments: "Team",
};

/** Refine's actions in CASL's words. */
const REFINE_ACTIONS: Record<string, Action> = { list: "read", show: "read", create: "create", edit: "update", delete: "delete", clone: "create" };
/** Resources whose every action needs more than reading. */
const RESOURCE_ACTION: Record<string, Action> = { "update-projects": "manage", impersonate: "impersonate", users: "manage" };

export function canUseResource(ability: AppAbility, resource: string | undefined, action = "list"): boolean {
  if (!resource) return true;
  const subjectType = RESOURCE_SUBJECTS[resource];
  if (!subjectType) return true; // menu groups and pages without a rule of their own
  const casl = RESOURCE_ACTION[resource] ?? REFINE_ACTIONS[action] ?? (action as Action);
  return ability.can(casl, subjectType);
}

export { subject };
