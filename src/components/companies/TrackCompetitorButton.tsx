// 'Track as competitor' / 'Tracking' on a company: adds it to (or removes it from) the user's
// competitors (competitors/), which /your-competitors and the dashboard compare.
import { AimOutlined, CheckOutlined } from "@ant-design/icons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "antd";
import { toastSuccess } from "../../lib/toast";
import { companyKeys, competitorApi, competitorKeys } from "./api";

export function useTrackCompetitor() {
  const queryClient = useQueryClient();
  const refresh = (companyId: number) => {
    void queryClient.invalidateQueries({ queryKey: competitorKeys.all });
    void queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) });
  };
  const track = useMutation({
    mutationFn: (company: { id: number; name: string }) => competitorApi.track(company.id),
    onSuccess: (_, company) => {
      refresh(company.id);
      toastSuccess(`Now tracking ${company.name}`);
    },
  });
  const untrack = useMutation({
    mutationFn: (company: { id: number; name: string }) => competitorApi.untrack(company.id),
    onSuccess: (_, company) => {
      refresh(company.id);
      toastSuccess(`Stopped tracking ${company.name}`);
    },
  });
  return { track, untrack };
}

export function TrackCompetitorButton({ company, tracked }: { company: { id: number; name: string }; tracked: boolean }) {
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
