import { Card } from "antd";
import { EmptyState, PageShell } from "../../components/page/PageShell";

export default function BuilderListPage() {
  return (
    <PageShell title="Builders" subtitle="Developers, owners and contractors behind private projects">
      <Card>
        <EmptyState title="Builders will be listed here" text="Find companies by name, state and activity, and unlock their contacts with credits." />
      </Card>
    </PageShell>
  );
}
