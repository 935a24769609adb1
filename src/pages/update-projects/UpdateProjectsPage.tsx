import { Card } from "antd";
import { EmptyState, PageShell } from "../../components/page/PageShell";

export default function UpdateProjectsPage() {
  return (
    <PageShell title="Update Projects">
      <Card>
        <EmptyState title="The review queue will show here" text="Projects waiting for a staff update will be listed here." />
      </Card>
    </PageShell>
  );
}
