// The calendar frame: a month view, empty until reminders and project dates are placed on it.
import { Calendar, Card } from "antd";
import { PageShell } from "../../components/page/PageShell";

export default function ProjectCalendarPage() {
  return (
    <PageShell title="Project Calendar" subtitle="Your reminders and project milestones by date">
      <Card>
        <Calendar fullscreen={false} />
      </Card>
    </PageShell>
  );
}
