// /results: awarded tenders (list/results/search/ with filter=item_type:result): who won, at
// what value against the estimate, how many bid. Facets, award value in lakh/crore, dates.
import { PageShell } from "../../components/page/PageShell";
import { ListerLayout } from "../../components/search/ListerLayout";
import { useLister } from "../../components/search/useLister";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import type { ResultListRow } from "../../../common/tenders";
import { CARDS_QUERY, RESULT_PRESET, resultListerConfig } from "../tenders/tenderSearch";
import { ResultResults } from "./ResultResults";

export default function ResultListPage() {
  const lister = useLister<ResultListRow>(resultListerConfig, RESULT_PRESET);
  const cards = useMediaQuery(CARDS_QUERY);
  return (
    <PageShell title="Tender Results" subtitle="Awarded public sector tenders and their bidders">
      <ListerLayout config={resultListerConfig} lister={lister}>
        <ResultResults results={lister.rows} loading={lister.list.isFetching} cards={cards} />
      </ListerLayout>
    </PageShell>
  );
}
