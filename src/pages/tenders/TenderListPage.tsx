import { Card } from "antd";
import { EmptyState, PageShell } from "../../components/page/PageShell";

export default function TenderListPage() {
  return (
    <PageShell title="Live Tenders" subtitle="Public sector tenders from government portals">
      <Card>
        <EmptyState
          title="Live tenders will be listed here"
          text="Search by organisation, state, value and closing date, and follow corrigenda and award status."
        />
      </Card>
    </PageShell>
  );
}
