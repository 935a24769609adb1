import { Card } from "antd";
import { EmptyState, PageShell } from "../../components/page/PageShell";

export default function MyFeedPage() {
  return (
    <PageShell title="My Feed">
      <Card>
        <EmptyState title="Your feed will show here" text="New projects and updates that match your preferred statuses, sectors and states will appear in this feed." />
      </Card>
    </PageShell>
  );
}
