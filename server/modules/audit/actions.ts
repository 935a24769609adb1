// The kinds of audit_log rows staff can filter by (GET audit-log/ answers them as the filter's
// options; any other kind is a 400). A module that writes a new kind adds it here — the test
// security-audit.test.ts reads the server's sources and fails on a kind missing from this list.
// Writes made while impersonating through routes without an auditAction are logged as
// 'METHOD /route' and are found by filtering on the user rather than the kind.
export const AUDIT_ACTIONS = [
  // sign-in and account
  "signup", "login", "login_failed", "logout", "password_change", "password_reset", "email_verified",
  // impersonation
  "impersonation_start", "impersonation_end", "impersonation_refused",
  // staff managing users
  "credits_grant", "subscription_activate", "subscription_change", "user_enable", "user_disable", "staff_grant", "staff_revoke", "settings_change",
  // staff editing projects
  "project_status_update", "project.edit", "project.add_contact", "project.add_document", "add_project_keyword", "upload_project_image",
  // credits, contacts and sharing
  "unlock_contact", "unlock_company", "report_wrong_contact", "report_wrong_number", "resolve_contact_report", "reprocess_number",
  "mark_lead", "share_link", "export",
  // teams (issue 20)
  "team_created", "team_updated", "team_invitation_sent", "team_invitation_revoked", "team_joined", "team_member_role_changed", "team_member_cap_changed", "team_member_removed", "team_left",
  "assignment_created", "assignment_updated", "assignment_deleted",
  "team_feed_saved", "team_feed_deleted", "team_feed_sent",
  // webhooks (issue 20)
  "webhook_created", "webhook_deleted", "webhook_delivery_replayed", "webhook_test_sent",
  // HubSpot and Zoho CRM (issue 20)
  "crm_connected", "crm_updated", "crm_disconnected", "crm_tested", "crm_send_requested",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (s: string): s is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(s);
