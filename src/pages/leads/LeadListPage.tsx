// One lister for every lead route (spec: the same lister), with a preset filter per route:
// construction, industrial or AI leads. All its state is in the URL (lib/searchUrl).
import { ListerLayout } from "../../components/search/ListerLayout";
import { useLister } from "../../components/search/useLister";
import { PageShell } from "../../components/page/PageShell";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import type { LeadRow } from "./api";
import { LeadResults } from "./LeadResults";
import { LEAD_LIST_TITLES, LEAD_PRESETS, leadListerConfig, type LeadListVariant } from "./leadSearch";

export { LEAD_LIST_TITLES, type LeadListVariant } from "./leadSearch";

/** Results turn into cards below this width. */
export const CARDS_QUERY = "(max-width: 767.98px)";

export function LeadListPage({ variant }: { variant: LeadListVariant }) {
  const lister = useLister<LeadRow>(leadListerConfig, LEAD_PRESETS[variant]);
  const cards = useMediaQuery(CARDS_QUERY);
  return (
    <PageShell title={LEAD_LIST_TITLES[variant]} subtitle="Private sector leads across India">
      <ListerLayout config={leadListerConfig} lister={lister}>
        <LeadResults leads={lister.rows} loading={lister.list.isFetching} cards={cards} />
      </ListerLayout>
    </PageShell>
  );
}

export const ConstructionLeadsPage = () => <LeadListPage variant="construction" />;
export const IndustrialLeadsPage = () => <LeadListPage variant="industrial" />;
export const AiLeadsPage = () => <LeadListPage variant="ai" />;
