import { Card } from "antd";
import { EmptyState, PageShell } from "../../components/page/PageShell";

export default function EmailAlertsPage() {
  return (
    <PageShell title="Email Alerts">
      <Card>
        <EmptyState title="No e-mail alerts yet" text="Daily e-mails with new projects and tenders that match your searches will be configured here." />
      </Card>
    </PageShell>
  );
}
