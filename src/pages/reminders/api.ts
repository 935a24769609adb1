// The reminder resource (reminders/list on the REST provider) for the reminders and calendar
// pages and the 'Set reminder' button: a change anywhere refreshes the list and the calendar.
import { useCreate, useDelete, useInvalidate, useList, useUpdate } from "@refinedev/core";
import type { Reminder, ReminderItemType, TenderDateField } from "../../../common/reminders";

// The calendar reads these types from here, beside the resource names.
export type { Reminder, ReminderItemType, ReminderStatus } from "../../../common/reminders";

export const REST = "rest";
export const REMINDERS = "reminders/list";
export const CALENDAR = "reminders/calendar";

/** Failures are toasted by the HTTP layer; the pages show their own success texts. */
const QUIET = { errorNotification: false, successNotification: false } as const;

export function useReminders() {
  return useList<Reminder>({ resource: REMINDERS, dataProviderName: REST, pagination: { mode: "off" }, errorNotification: false });
}

export interface ReminderChange {
  remind_at?: string;
  /** Follow a tender date instead of a fixed time (both together). */
  relative_to?: TenderDateField;
  minutes_before?: number;
  note?: string;
  completed?: boolean;
}

/** A fixed time, or (a tender's reminder) a date of the tender and how many minutes before it. */
export type NewReminder = { item_type: ReminderItemType; item_id: number; note: string } & ({ remind_at: string } | { relative_to: TenderDateField; minutes_before: number });

/** Create, change and delete reminders; every success refreshes the list and the calendar. */
export function useReminderMutations() {
  const invalidate = useInvalidate();
  // Our onSuccess replaces the one Refine's mutation hooks would run, so both lists are named here.
  const mutationOptions = {
    onSuccess: () =>
      Promise.all([REMINDERS, CALENDAR].map((resource) => invalidate({ resource, dataProviderName: REST, invalidates: ["list"] }))).then(() => undefined),
  };
  const { mutateAsync: createAsync, mutation: creating } = useCreate<Reminder>({ resource: REMINDERS, dataProviderName: REST, ...QUIET, mutationOptions });
  const { mutateAsync: updateAsync, mutation: updating } = useUpdate<Reminder>({ resource: REMINDERS, dataProviderName: REST, ...QUIET, mutationOptions });
  const { mutateAsync: deleteAsync, mutation: deleting } = useDelete<Reminder>();
  return {
    create: { isPending: creating.isPending, mutateAsync: (values: NewReminder) => createAsync({ values }) },
    update: { isPending: updating.isPending, mutateAsync: ({ id, change }: { id: number; change: ReminderChange }) => updateAsync({ id, values: change }) },
    remove: {
      isPending: deleting.isPending,
      mutateAsync: (id: number) => deleteAsync({ resource: REMINDERS, dataProviderName: REST, id, ...QUIET }).then(mutationOptions.onSuccess),
    },
  };
}
