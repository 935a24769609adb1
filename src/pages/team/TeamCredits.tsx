// The team's one credit pool (issue 20, point 2): what is left of it, what each member spent this
// month as bars (numbers people compare), and for admins each member's monthly cap. The ledger
// of who spent what is the Profile page's credit history.
import { Button, Flex, InputNumber, Progress, Space, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { CountBars } from "../../components/companies/charts";
import { Panel } from "../../components/page/Panel";
import { countOf, formatIndianNumber } from "../../lib/format";
import { toastError, toastSuccess } from "../../lib/toast";
import { isTeamAdmin, useTeamWrite, writeError, type Team, type TeamMember } from "./teamApi";

const fullName = (m: TeamMember) => [m.first_name, m.last_name].filter(Boolean).join(" ") || m.email;

export function TeamCredits({ team, onChange }: { team: Team; onChange: () => void }) {
  const { remaining, total } = team.credits;
  const spent = team.members.map((m) => ({ text: fullName(m), count: m.spent_this_month }));
  return (
    <Panel title="Credit pool">
      <Typography.Paragraph type="secondary">
        Every member&apos;s unlocks spend this pool, and what one member unlocks is unlocked for everyone — never paid for twice.
      </Typography.Paragraph>
      <div data-testid="team-pool">
        <Typography.Text strong>
          {formatIndianNumber(remaining, 0)} of {formatIndianNumber(total, 0)} credits remaining
        </Typography.Text>
        <Progress percent={total > 0 ? Math.round((remaining / total) * 100) : 0} showInfo={false} aria-label="Share of the pool remaining" />
      </div>
      {spent.some((s) => s.count > 0) ? (
        <CountBars label="Credits spent this month by member" data={spent} valueLabel="Credits spent this month" />
      ) : (
        <Typography.Paragraph type="secondary">Nobody has spent credits this month yet.</Typography.Paragraph>
      )}
      {isTeamAdmin(team) && <MonthlyCaps team={team} onChange={onChange} />}
      <Link to="/profile">Who spent what: the credit history on your profile</Link>
    </Panel>
  );
}

/** Admins set a cap per member (credits a calendar month, IST); empty means no cap. The owner has none. */
function MonthlyCaps({ team, onChange }: { team: Team; onChange: () => void }) {
  const write = useTeamWrite();
  const [drafts, setDrafts] = useState<Record<number, number | null>>({});
  const [busy, setBusy] = useState<number | null>(null);
  const capped = team.members.filter((m) => m.role !== "owner");
  if (!capped.length) return null;

  async function save(m: TeamMember) {
    const cap = m.id in drafts ? drafts[m.id] : m.monthly_cap;
    setBusy(m.id);
    try {
      await write("patch", `team/members/${m.id}/`, { monthly_cap: cap });
      toastSuccess(cap === null ? `${fullName(m)} has no monthly cap.` : `${fullName(m)} may spend ${countOf(cap, "credit")} a month.`);
      onChange();
    } catch (e) {
      toastError(writeError(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-label="Monthly caps" className="team-caps">
      <Typography.Title level={5}>Monthly caps</Typography.Title>
      <Typography.Paragraph type="secondary">Credits a member may spend from the pool each calendar month (IST). Leave empty for no cap.</Typography.Paragraph>
      {capped.map((m) => (
        <Flex key={m.id} className="team-cap-row" align="center" justify="space-between" wrap gap={8}>
          <span>
            {fullName(m)}
            <Typography.Text type="secondary">
              {" "}· spent {formatIndianNumber(m.spent_this_month, 0)}
              {m.monthly_cap !== null && ` of ${formatIndianNumber(m.monthly_cap, 0)}`} this month
            </Typography.Text>
          </span>
          <Space>
            <InputNumber<number>
              aria-label={`Monthly cap of ${fullName(m)}`}
              min={0}
              max={1_000_000}
              precision={0}
              placeholder="No cap"
              value={m.id in drafts ? drafts[m.id] : m.monthly_cap}
              onChange={(v) => setDrafts((d) => ({ ...d, [m.id]: v ?? null }))}
            />
            <Button size="small" loading={busy === m.id} onClick={() => void save(m)} aria-label={`Save the cap of ${fullName(m)}`}>
              Save
            </Button>
          </Space>
        </Flex>
      ))}
    </section>
  );
}
