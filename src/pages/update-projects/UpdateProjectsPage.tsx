// The staff area at /update-projects. The route table has one route for it, so its two parts
// are tabs in the URL: ?tab=review (the default) the review queue, ?tab=users the users admin.
import { Tabs } from "antd";
import { useSearchParams } from "react-router";
import { PageShell } from "../../components/page/PageShell";
import { ReviewQueue } from "./ReviewQueue";
import { UsersAdmin } from "./UsersAdmin";

export type StaffTab = "review" | "users";

export default function UpdateProjectsPage() {
  const [params, setParams] = useSearchParams();
  const tab: StaffTab = params.get("tab") === "users" ? "users" : "review";
  return (
    <PageShell title={tab === "users" ? "Users" : "Update Projects"} subtitle={tab === "users" ? "Subscriptions, credits and access" : "Leads waiting for a staff review"}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === "review" ? {} : { tab: key })}
        destroyOnHidden
        items={[
          { key: "review", label: "Review queue", children: <ReviewQueue /> },
          { key: "users", label: "Users", children: <UsersAdmin /> },
        ]}
      />
    </PageShell>
  );
}
