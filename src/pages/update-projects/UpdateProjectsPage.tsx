// The staff area at /update-projects. The route table has one route for it, so its two parts
// are tabs in the URL: ?tab=review (the default) the review queue, ?tab=users the users admin,
// ?tab=imports the imports, ?tab=settings the run-time settings, ?tab=audit the audit log.
import { Tabs } from "antd";
import { useSearchParams } from "react-router";
import { PageShell } from "../../components/page/PageShell";
import { AuditLogPanel } from "../audit-log/AuditLogPanel";
import { ImportsPanel } from "../imports/ImportsPanel";
import { ReviewQueue } from "./ReviewQueue";
import { SettingsPanel } from "./SettingsPanel";
import { UsersAdmin } from "./UsersAdmin";

export type StaffTab = "review" | "users" | "imports" | "settings" | "audit";

export default function UpdateProjectsPage() {
  const [params, setParams] = useSearchParams();
  const tab: StaffTab = params.get("tab") === "users" ? "users" : params.get("tab") === "imports" ? "imports" : params.get("tab") === "settings" ? "settings" : params.get("tab") === "audit" ? "audit" : "review";
  const heading = { review: ["Update Projects", "Leads waiting for a staff review"], users: ["Users", "Subscriptions, credits and access"], imports: ["Imports", "Tenders and results from portal files"], settings: ["Settings", "How the product behaves for everyone"], audit: ["Audit log", "Who did what, as whom"] }[tab];
  return (
    <PageShell title={heading[0]} subtitle={heading[1]}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === "review" ? {} : { tab: key })}
        destroyOnHidden
        items={[
          { key: "review", label: "Review queue", children: <ReviewQueue /> },
          { key: "users", label: "Users", children: <UsersAdmin /> },
          { key: "imports", label: "Imports", children: <ImportsPanel /> },
          { key: "settings", label: "Settings", children: <SettingsPanel /> },
          { key: "audit", label: "Audit log", children: <AuditLogPanel /> },
        ]}
      />
    </PageShell>
  );
}
