// /builders: companies (developers, builders, contractors, manufacturers) searched by name and
// CIN, narrowed by state, city, type, industry, size and capital — the shared lister, so the
// whole state is in the URL (bookmark, Back, quick search).
import { UnlockOutlined } from "@ant-design/icons";
import { Switch, Typography } from "antd";
import { Link } from "react-router";
import type { CompanyListRow } from "../../../common/companies";
import { PageShell } from "../../components/page/PageShell";
import { ListerLayout } from "../../components/search/ListerLayout";
import { useLister } from "../../components/search/useLister";
import type { SearchStateApi } from "../../components/search/useSearchState";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { builderListerConfig } from "./builderSearch";
import { BuilderResults } from "./BuilderResults";

/**
 * 'Unlocked companies only' (show_unlocked=true): the lister's own toggle, worded for companies;
 * the shared active-filter tags and URL handling already know the flag.
 */
function UnlockedOnly({ search }: { search: SearchStateApi }) {
  return (
    <label className="filter-toggle">
      <Switch size="small" checked={search.state.showUnlocked} onChange={(showUnlocked) => search.update({ showUnlocked })} aria-label="Unlocked companies only" />
      <span>
        Unlocked companies only
        <Typography.Text type="secondary" className="filter-toggle-hint">
          Companies whose contacts you can see in full
        </Typography.Text>
      </span>
    </label>
  );
}

/** Results turn into cards below this width (as the lead lister does). */
const CARDS_QUERY = "(max-width: 767.98px)";

export default function BuilderListPage() {
  const lister = useLister<CompanyListRow>(builderListerConfig);
  const cards = useMediaQuery(CARDS_QUERY);
  return (
    <PageShell
      title="Builders"
      subtitle="Developers, owners and contractors behind private projects"
      extra={
        <Link to="/unlocked-companies" className="ant-btn ant-btn-default builders-unlocked-link">
          <UnlockOutlined /> Unlocked companies
        </Link>
      }
    >
      <ListerLayout config={builderListerConfig} lister={lister} extraFilters={<UnlockedOnly search={lister.search} />}>
        <BuilderResults rows={lister.rows} loading={lister.list.isFetching} cards={cards} />
      </ListerLayout>
    </PageShell>
  );
}
