import { Card } from "antd";
import { EmptyState, PageShell } from "../../components/page/PageShell";

export default function ResultListPage() {
  return (
    <PageShell title="Tender Results" subtitle="Awarded public sector tenders and their bidders">
      <Card>
        <EmptyState title="Tender results will be listed here" text="See who won, at what value, and how every bidder ranked." />
      </Card>
    </PageShell>
  );
}
