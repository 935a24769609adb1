// The team's pipeline (issue 20), for the team's owner and admins: each member's leads by mark
// (shortlisted, tentative, rejected) and their assignments (open on time, overdue, done) as
// stacked bars people can compare, with the same numbers in a table beneath (the text
// alternative). Assignments open the team's list of them. Members and users in no team see nothing.
import { useCustom } from "@refinedev/core";
import { Col, Typography } from "antd";
import { useNavigate } from "react-router";
import type { PipelineRow, TeamPipeline } from "../../../../common/assignments";
import { BarChart } from "../../../components/charts/BarChart";
import { formatIndianNumber } from "../../../lib/format";
import { isTeamAdmin, useTeam } from "../../team/teamApi";
import { COLOURS, STACKED_COUNT_BARS, stackedHeight } from "./charts";
import { Panel } from "./Panel";
import "./team-pipeline.css";

const count = (v: number) => formatIndianNumber(v, 0);
const MARK_SERIES = [
  { key: "shortlisted", label: "Shortlisted", colour: COLOURS.accent, value: (r: PipelineRow) => r.shortlisted },
  { key: "tentative", label: "Tentative", colour: COLOURS.today, value: (r: PipelineRow) => r.tentative },
  { key: "rejected", label: "Rejected", colour: COLOURS.muted, value: (r: PipelineRow) => r.rejected },
];
const WORK_SERIES = [
  { key: "on_time", label: "Open", colour: COLOURS.upcoming, value: (r: PipelineRow) => r.open - r.overdue },
  { key: "overdue", label: "Overdue", colour: COLOURS.overdue, value: (r: PipelineRow) => r.overdue },
  { key: "done", label: "Done", colour: COLOURS.accent, value: (r: PipelineRow) => r.done },
];

function Bars({ label, rows, series, onOpen }: { label: string; rows: PipelineRow[]; series: typeof MARK_SERIES; onOpen?: (key: string) => void }) {
  return (
    <BarChart<PipelineRow>
      {...STACKED_COUNT_BARS}
      label={label}
      rows={rows}
      category={(r) => r.name}
      series={series}
      height={stackedHeight(rows.length)}
      onOpen={onOpen && ((_, key) => onOpen(key))}
    />
  );
}

function PipelineTable({ rows }: { rows: PipelineRow[] }) {
  return (
    // Scrolls sideways on a phone: a Tab stop of its own, so the keyboard can scroll it too.
    <div className="dash-team-table-wrap" tabIndex={0} role="region" aria-label="The numbers per member">
      <table className="dash-team-table">
        <caption>The numbers per member</caption>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Shortlisted</th>
            <th scope="col">Tentative</th>
            <th scope="col">Rejected</th>
            <th scope="col">Open</th>
            <th scope="col">Overdue</th>
            <th scope="col">Done</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.user_id}>
              <th scope="row">{r.name}</th>
              {[r.shortlisted, r.tentative, r.rejected, r.open, r.overdue, r.done].map((n, i) => (
                <td key={i}>{count(n)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pipeline() {
  const navigate = useNavigate();
  const { query } = useCustom<TeamPipeline>({ url: "dashboard/team_pipeline/", method: "get", dataProviderName: "rest", errorNotification: false, meta: { toast: false } });
  const p = query.data?.data;
  const open = p?.rows.reduce((sum, r) => sum + r.open, 0);
  return (
    <Panel title={p ? `${p.team_name}: pipeline by member` : "Team pipeline"} number={open} numberLabel="open assignments" to="/assignments?scope=team" loading={query.isPending} error={query.isError}>
      {p && (
        <>
          <Typography.Text strong className="dash-team-heading">Leads marked</Typography.Text>
          <Bars label="Leads each member marked, by mark" rows={p.rows} series={MARK_SERIES} />
          <Typography.Text strong className="dash-team-heading">Assignments</Typography.Text>
          <Bars
            label="Assignments per member: open, overdue and done"
            rows={p.rows}
            series={WORK_SERIES}
            onOpen={(key) => navigate(key === "done" ? "/assignments?scope=team&status=done" : key === "overdue" ? "/assignments?scope=team&overdue=true" : "/assignments?scope=team")}
          />
          <PipelineTable rows={p.rows} />
        </>
      )}
    </Panel>
  );
}

/** The dashboard's column for it, shown to a team's owner and admins only (nothing, not an empty column, to others). */
export function TeamPipelinePanel() {
  const { team } = useTeam();
  return team && isTeamAdmin(team) ? (
    <Col xs={24} lg={12}>
      <Pipeline />
    </Col>
  ) : null;
}
