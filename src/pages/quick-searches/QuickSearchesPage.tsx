import { Card } from "antd";
import { EmptyState, PageShell } from "../../components/page/PageShell";

export default function QuickSearchesPage() {
  return (
    <PageShell title="Quick Searches">
      <Card>
        <EmptyState title="No saved searches yet" text="Searches you save from the project and tender lists will be kept here, one click away." />
      </Card>
    </PageShell>
  );
}
