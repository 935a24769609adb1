// One lister for every lead route (spec: the same lister), with a preset category.
// The new-style routes (-new) use the same page until their own layout lands.
import { Card } from "antd";
import { EmptyState, PageShell } from "../../components/page/PageShell";

export type LeadListVariant = "construction" | "industrial" | "ai";

export const LEAD_LIST_TITLES: Record<LeadListVariant, string> = {
  construction: "Construction Projects",
  industrial: "Industrial Projects",
  ai: "AI Leads",
};

const NOUN: Record<LeadListVariant, string> = {
  construction: "Private construction projects",
  industrial: "Private industrial projects",
  ai: "AI-discovered leads",
};

export function LeadListPage({ variant }: { variant: LeadListVariant }) {
  return (
    <PageShell title={LEAD_LIST_TITLES[variant]} subtitle="Private sector leads across India">
      <Card>
        <EmptyState
          title={`${NOUN[variant]} will be listed here`}
          text="Search, filter by state, sector, status and value, shortlist and export leads from this page."
        />
      </Card>
    </PageShell>
  );
}

export const ConstructionLeadsPage = () => <LeadListPage variant="construction" />;
export const IndustrialLeadsPage = () => <LeadListPage variant="industrial" />;
export const AiLeadsPage = () => <LeadListPage variant="ai" />;
