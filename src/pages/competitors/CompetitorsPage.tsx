import { Card } from "antd";
import { EmptyState, PageShell } from "../../components/page/PageShell";

export default function CompetitorsPage() {
  return (
    <PageShell title="Your Competitors">
      <Card>
        <EmptyState title="No competitors tracked yet" text="Competitors you track, and the projects they win, will be compared here." />
      </Card>
    </PageShell>
  );
}
