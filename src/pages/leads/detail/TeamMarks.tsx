// Teammates' marks on a lead (issue 20): who shortlisted, held or rejected it and when (IST), so a
// team does not work the same lead twice. Only the user's own team's marks reach this page.
import { Tag, Typography } from "antd";
import type { TeamMark } from "../../../../common/assignments";
import { formatDateTime } from "../../../lib/format";
import "./team-marks.css";

const MARK_WORDS: Record<TeamMark["mark"], { verb: string; colour: string }> = {
  shortlisted: { verb: "shortlisted", colour: "green" },
  tentative: { verb: "marked tentative", colour: "gold" },
  rejected: { verb: "rejected", colour: "red" },
};

export function TeamMarks({ marks }: { marks: TeamMark[] }) {
  if (!marks.length) return null;
  return (
    <div className="lead-team-marks" aria-label="Teammates' marks">
      <Typography.Text type="secondary">Your team:</Typography.Text>
      <ul>
        {marks.map((m) => (
          <li key={m.user_id}>
            <Tag color={MARK_WORDS[m.mark].colour} bordered={false}>
              {m.name}
            </Tag>
            {MARK_WORDS[m.mark].verb} on {formatDateTime(m.marked_at)}
          </li>
        ))}
      </ul>
    </div>
  );
}
