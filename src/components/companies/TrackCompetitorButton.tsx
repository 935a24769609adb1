// 'Track as competitor' / 'Tracking' on a company: adds it to (or removes it from) the user's
// competitors (competitors/ on the REST provider), which /your-competitors and the dashboard compare.
import { AimOutlined, CheckOutlined } from "@ant-design/icons";
import { useCreate, useDelete, useInvalidate } from "@refinedev/core";
import { Button } from "antd";
import { toastSuccess } from "../../lib/toast";

export const COMPETITORS = "competitors";
/** The company pages' resource (its record holds is_tracked_competitor). */
const COMPANY_RESOURCE = "builders";
type Company = { id: number; name: string };

/** Failures are toasted by the HTTP layer; the success texts are ours. */
const QUIET = { errorNotification: false, successNotification: false } as const;

export function useTrackCompetitor() {
  const invalidate = useInvalidate();
  // Every view of competitors (lists, profiles, comparisons, suggestions, the dashboard's panels:
  // all on the REST provider) and the company's own page (its 'tracking' flag: the builders
  // resource's record) ask again; only the queries on screen refetch.
  const refresh = (companyId: number) =>
    Promise.all([
      invalidate({ dataProviderName: "rest", invalidates: ["all"] }),
      invalidate({ dataProviderName: "default", resource: COMPANY_RESOURCE, id: String(companyId), invalidates: ["detail"] }),
    ]);
  const { mutate: create, mutation: creating } = useCreate({ resource: COMPETITORS, dataProviderName: "rest", ...QUIET, invalidates: [] });
  const { mutate: remove, mutation: removing } = useDelete();
  const done = (companyId: number, text: string) => ({
    onSuccess: () => {
      void refresh(companyId);
      toastSuccess(text);
    },
  });
  return {
    track: {
      isPending: creating.isPending,
      /** The company being added, while it is. */
      pendingId: creating.isPending ? (creating.variables?.values as { company_id?: number } | undefined)?.company_id : undefined,
      mutate: (company: Company) => create({ values: { company_id: company.id } }, done(company.id, `Now tracking ${company.name}`)),
    },
    untrack: {
      isPending: removing.isPending,
      mutate: (company: Company) =>
        remove({ resource: COMPETITORS, dataProviderName: "rest", id: company.id, ...QUIET, invalidates: [] }, done(company.id, `Stopped tracking ${company.name}`)),
    },
  };
}

export function TrackCompetitorButton({ company, tracked }: { company: Company; tracked: boolean }) {
  const { track, untrack } = useTrackCompetitor();
  const busy = track.isPending || untrack.isPending;
  if (tracked) {
    return (
      <Button icon={<CheckOutlined />} loading={busy} onClick={() => !busy && untrack.mutate(company)} title="Stop tracking this competitor">
        Tracking as competitor
      </Button>
    );
  }
  return (
    <Button icon={<AimOutlined />} loading={busy} onClick={() => !busy && track.mutate(company)}>
      Track as competitor
    </Button>
  );
}
