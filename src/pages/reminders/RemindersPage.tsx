import { Card } from "antd";
import { EmptyState, PageShell } from "../../components/page/PageShell";

export default function RemindersPage() {
  return (
    <PageShell title="Reminders">
      <Card>
        <EmptyState title="No reminders yet" text="Reminders you set on projects and tenders will be listed here." />
      </Card>
    </PageShell>
  );
}
