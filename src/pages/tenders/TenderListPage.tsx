// /live-tenders: the tenders lister. Live tenders by default (closing soonest first); 'Show all
// tenders' adds closed, awarded and cancelled ones (search_all_tenders=true). Facets, the
// organisation suggester, value in lakh/crore, date ranges and export; all state in the URL.
// A Tender ID or reference typed in the search box that finds tenders the live-only list
// leaves out brings a hint above the list that shows them in one click (NotLiveMatchesHint).
import { PageShell } from "../../components/page/PageShell";
import { ListerLayout } from "../../components/search/ListerLayout";
import { useLister } from "../../components/search/useLister";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import type { TenderList, TenderListRow } from "../../../common/tenders";
import { NotLiveMatchesHint } from "./NotLiveMatchesHint";
import { OrgSuggester } from "./OrgSuggester";
import { allTendersListerConfig, CARDS_QUERY, tenderListerConfig } from "./tenderSearch";
import { TenderResults } from "./TenderResults";

export default function TenderListPage() {
  const lister = useLister<TenderListRow>(tenderListerConfig);
  const cards = useMediaQuery(CARDS_QUERY);
  const { state, update } = lister.search;
  return (
    <PageShell title="Live Tenders" subtitle={state.searchAll ? "All public sector tenders, live and past" : "Public sector tenders open for bids"}>
      <ListerLayout
        config={state.searchAll ? allTendersListerConfig : tenderListerConfig}
        lister={lister}
        extraFilters={
          <OrgSuggester
            onAdd={(name) =>
              update((s) => {
                const chosen = s.values.org_name_exact ?? [];
                return chosen.includes(name) ? {} : { values: { ...s.values, org_name_exact: [...chosen, name] } };
              })
            }
          />
        }
      >
        {!state.searchAll && !lister.list.isPlaceholderData && (
          <NotLiveMatchesHint matches={(lister.list.data as unknown as TenderList | undefined)?.not_live_matches} onShow={() => update({ searchAll: true })} />
        )}
        <TenderResults tenders={lister.rows} loading={lister.list.isFetching} cards={cards} />
      </ListerLayout>
    </PageShell>
  );
}
