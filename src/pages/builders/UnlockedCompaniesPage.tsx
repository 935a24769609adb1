import { Card } from "antd";
import { EmptyState, PageShell } from "../../components/page/PageShell";

export default function UnlockedCompaniesPage() {
  return (
    <PageShell title="Unlocked Companies">
      <Card>
        <EmptyState title="No companies unlocked yet" text="Companies you unlock with credits will be listed here." />
      </Card>
    </PageShell>
  );
}
