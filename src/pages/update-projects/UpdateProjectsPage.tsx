// The staff area at /update-projects. The route table has one route for it, so its two parts
// are tabs in the URL: ?tab=review (the default) the review queue, ?tab=users the users admin,
// ?tab=imports the imports, ?tab=sources how fresh each import source is, ?tab=settings the
// run-time settings, ?tab=audit the audit log.
// The review queue (the default tab) comes with the page; each other tab's panel is a chunk of its
// own, fetched when the tab opens (or is pointed at): the users' drawer, the imports' uploader and
// the audit log's date range are not the review queue's.
import { Skeleton } from "antd";
import { TabSet } from "../../components/page/TabSet";
import { Suspense, type ComponentType } from "react";
import { useSearchParams } from "react-router";
import { PageShell } from "../../components/page/PageShell";
import { lazyComponent } from "../../lib/lazyPage";
import { ReviewQueue } from "./ReviewQueue";

export type StaffTab = "review" | "users" | "imports" | "sources" | "settings" | "audit";

interface TabPanel {
  key: StaffTab;
  label: string;
  heading: [string, string];
  /** The panel's module, for a tab other than the default. */
  load?: () => Promise<ComponentType>;
}

const TABS: TabPanel[] = [
  { key: "review", label: "Review queue", heading: ["Update Projects", "Leads waiting for a staff review"], },
  { key: "users", label: "Users", heading: ["Users", "Subscriptions, credits and access"], load: () => import("./UsersAdmin").then((m) => m.UsersAdmin) },
  { key: "imports", label: "Imports", heading: ["Imports", "Tenders and results from portal files"], load: () => import("../imports/ImportsPanel").then((m) => m.ImportsPanel) },
  { key: "sources", label: "Sources", heading: ["Sources", "How fresh each import source is"], load: () => import("../sources/SourcesPanel").then((m) => m.SourcesPanel) },
  { key: "settings", label: "Settings", heading: ["Settings", "How the product behaves for everyone"], load: () => import("./SettingsPanel").then((m) => m.SettingsPanel) },
  { key: "audit", label: "Audit log", heading: ["Audit log", "Who did what, as whom"], load: () => import("../audit-log/AuditLogPanel").then((m) => m.AuditLogPanel) },
];
const PANELS = new Map<StaffTab, ComponentType>(TABS.map((t) => [t.key, t.load ? lazyComponent(t.load) : ReviewQueue]));

export default function UpdateProjectsPage() {
  const [params, setParams] = useSearchParams();
  const current = TABS.find((t) => t.key === params.get("tab")) ?? TABS[0];
  return (
    <PageShell title={current.heading[0]} subtitle={current.heading[1]}>
      <TabSet
        activeKey={current.key}
        onChange={(key) => setParams(key === "review" ? {} : { tab: key })}
        items={TABS.map(({ key, label, load }) => {
          const Panel = PANELS.get(key)!;
          const preload = () => void load?.().catch(() => undefined);
          return {
            key,
            label: (
              <span onPointerEnter={preload} onFocus={preload}>
                {label}
              </span>
            ),
            children: (
              <Suspense fallback={<Skeleton active />}>
                <Panel />
              </Suspense>
            ),
          };
        })}
      />
    </PageShell>
  );
}
