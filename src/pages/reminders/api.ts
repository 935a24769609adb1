// The reminder calls of the reminders and calendar pages (server/modules/reminders), through
// the one HTTP layer, with the React Query keys both pages share: a change on one page
// refreshes the other.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Reminder, ReminderItemType } from "../../../common/reminders";
import { http } from "../../providers/http";

// The calendar reads these types from here, beside the query keys.
export type { Reminder, ReminderItemType, ReminderStatus } from "../../../common/reminders";

export const REMINDERS_KEY = ["reminders"] as const;

export function useReminders() {
  return useQuery({
    queryKey: [...REMINDERS_KEY, "list"],
    queryFn: ({ signal }) => http.get<{ count: number; results: Reminder[] }>("reminders/list", { signal }),
  });
}

export interface ReminderChange {
  remind_at?: string;
  note?: string;
  completed?: boolean;
}

/** Create, change and delete reminders; every success refreshes the list and the calendar. */
export function useReminderMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: REMINDERS_KEY });
  const create = useMutation({
    mutationFn: (body: { item_type: ReminderItemType; item_id: number; remind_at: string; note: string }) => http.post<Reminder>("reminders/list", body),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, change }: { id: number; change: ReminderChange }) => http.patch<Reminder>(`reminders/list/${id}`, change),
    onSuccess,
  });
  const remove = useMutation({ mutationFn: (id: number) => http.delete(`reminders/list/${id}`), onSuccess });
  return { create, update, remove };
}
