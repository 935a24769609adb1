// The team API (server/modules/teams) through Refine's data provider: the team, its pending
// invitations, and the writes the page sends. Failures are shown by the page, not as toasts.
import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";

export { isTeamAdmin, type InviteRole, type Team, type TeamInvitation, type TeamMember, type TeamRole } from "../../../common/teams";
import type { Team, TeamInvitation } from "../../../common/teams";

const quiet = { meta: { toast: false }, errorNotification: false as const, successNotification: false as const, dataProviderName: "rest" };

/** The caller's team; `none` when they are in no team yet (the API's 404). */
export function useTeam() {
  const { query } = useCustom<Team>({ url: "team/", method: "get", ...quiet, queryOptions: { retry: false } });
  const error = query.error as HttpError | null;
  return {
    team: query.data?.data,
    loading: query.isLoading,
    none: error?.statusCode === 404,
    error: error && error.statusCode !== 404 ? error : null,
    reload: () => query.refetch(),
  };
}

export function useInvitations(enabled: boolean) {
  const { query } = useCustom<TeamInvitation[]>({ url: "team/invitations/", method: "get", ...quiet, queryOptions: { enabled } });
  return { invitations: query.data?.data ?? [], loading: query.isLoading && enabled, reload: () => query.refetch() };
}

/** Sends a write; resolves with the answer's data or rejects with the HTTP layer's error. */
export function useTeamWrite() {
  const { mutateAsync } = useCustomMutation<object>();
  return async <T,>(method: "post" | "put" | "patch" | "delete", url: string, values: object = {}): Promise<T> => {
    const answer = await mutateAsync({ url, method, values, ...quiet });
    return answer.data as T;
  };
}

/** The message of a refused write: the field's message or the detail. */
export function writeError(error: unknown): string {
  const e = error as Partial<HttpError> | undefined;
  const first = e?.errors && Object.values(e.errors).flat()[0];
  return typeof first === "string" ? first : error instanceof Error ? error.message : String(error);
}
