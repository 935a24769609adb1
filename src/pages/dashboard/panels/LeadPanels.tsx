// The user's marked leads (by mark, and shortlisted by status) and leads under construction.
// Every bar and number opens the lead lister with exactly those leads.
import { Flex, Typography } from "antd";
import { useNavigate } from "react-router";
import { MARK_LABELS } from "../../../../common/constants";
import { UNDER_CONSTRUCTION, type CategoryCount, type LeadCategory } from "../../../../common/dashboard";
import { NOT_SPECIFIED } from "../../../lib/format";
import { leadListLink, markFilter, statusFilter, useMarksStat, useUnderConstruction } from "../api";
import { SplitBars } from "./charts";
import { CategoryLinks, Panel } from "./Panel";

/** The lister of a category split: construction when it has any, else industrial. */
const firstCategory = (c: CategoryCount): LeadCategory => (c.construction > 0 || c.industrial === 0 ? "construction" : "industrial");

export function useMarks() {
  return useMarksStat();
}

export function MarksPanel() {
  const navigate = useNavigate();
  const query = useMarks();
  const s = query.data;
  const markLink = (mark: string) => (c: LeadCategory) => leadListLink(c, [markFilter(mark)], { searchAll: mark === "rejected" });
  return (
    <Panel title="Your marked leads" number={s?.total} numberLabel="marked leads" loading={query.isPending} error={query.isError}>
      {s && (
        <>
          <SplitBars
            label="Your leads by mark, construction and industrial"
            rows={s.by_mark.map((m) => ({ name: MARK_LABELS[m.mark], construction: m.construction, industrial: m.industrial }))}
            onOpen={(row, c) => {
              const m = s.by_mark.find((x) => MARK_LABELS[x.mark] === row.name);
              if (m) navigate(markLink(m.mark)(c));
            }}
          />
          <ul className="dash-link-list" aria-label="Marked leads by mark">
            {s.by_mark.map((m) => (
              <li key={m.mark}>
                <span className="dash-link-name">{MARK_LABELS[m.mark]}</span>
                <CategoryLinks counts={m} link={markLink(m.mark)} label={MARK_LABELS[m.mark]} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

export function ShortlistedStatusPanel() {
  const navigate = useNavigate();
  const query = useMarks();
  const s = query.data;
  const shortlisted = s?.by_mark.find((m) => m.mark === "shortlisted");
  const link = (status: string) => (c: LeadCategory) => leadListLink(c, [markFilter("shortlisted"), statusFilter(status)]);
  return (
    <Panel
      title="Shortlisted leads by status"
      number={shortlisted?.count}
      numberLabel="shortlisted"
      to={shortlisted ? leadListLink(firstCategory(shortlisted), [markFilter("shortlisted")]) : undefined}
      loading={query.isPending}
      error={query.isError}
    >
      {s && (
        <>
          <SplitBars
            label="Shortlisted leads by project status"
            rows={s.by_status.map((x) => ({ name: x.status ?? NOT_SPECIFIED, construction: x.construction, industrial: x.industrial }))}
            // No lister filter asks for "no status", so those bars open nothing (and are not buttons).
            opens={(row) => row.name !== NOT_SPECIFIED}
            onOpen={(row, c) => navigate(link(row.name)(c))}
          />
          {s.by_status.length === 0 && (
            <Typography.Paragraph type="secondary">Shortlist leads from the lead lists to follow their progress here.</Typography.Paragraph>
          )}
          <ul className="dash-link-list" aria-label="Shortlisted leads by status">
            {s.by_status
              .filter((x) => x.status !== null)
              .map((x) => (
                <li key={x.status}>
                  <span className="dash-link-name">{x.status}</span>
                  <CategoryLinks counts={x} link={link(x.status!)} label={x.status!} />
                </li>
              ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

export function UnderConstructionPanel() {
  const navigate = useNavigate();
  const query = useUnderConstruction();
  const s = query.data;
  const uc = statusFilter(UNDER_CONSTRUCTION);
  return (
    <Panel
      title="Leads under construction"
      number={s?.count}
      numberLabel="under construction"
      to={s ? leadListLink(firstCategory(s), [uc]) : undefined}
      loading={query.isPending}
      error={query.isError}
    >
      {s && (
        <>
          <Flex vertical gap={4} className="dash-sub">
            <CategoryLinks counts={s} link={(c) => leadListLink(c, [uc])} label="Under construction" />
            <Typography.Text type="secondary">
              Your shortlisted: <CategoryLinks counts={s.shortlisted} link={(c) => leadListLink(c, [uc, markFilter("shortlisted")])} label="Shortlisted under construction" />
            </Typography.Text>
          </Flex>
          <Typography.Text strong className="dash-chart-title">
            Top states
          </Typography.Text>
          <SplitBars
            label="Leads under construction by state, construction and industrial"
            rows={s.by_state.map((x) => ({ name: x.state, construction: x.construction, industrial: x.industrial }))}
            onOpen={(row, c) => navigate(leadListLink(c, [uc, `state:${row.name}`]))}
          />
        </>
      )}
    </Panel>
  );
}
