// The calendar's events (GET reminders/calendar/?from&to, IST days): reminders, shortlisted
// leads' start and completion, followed tenders' closing and pre-bid meeting. A list of the REST
// provider that the reminder writes refresh (reminders/api).
import { useList } from "@refinedev/core";
import { CALENDAR, REST, type Reminder, type ReminderItemType } from "../reminders/api";

export type EventKind = "reminder" | "project_start" | "project_completion" | "tender_closing" | "tender_prebid";

export interface CalendarEvent {
  key: string;
  kind: EventKind;
  label: string;
  date: string;
  at: string | null;
  item_type: ReminderItemType;
  item_id: number;
  title: string | null;
  link: string;
  /** A reminder event's reminder, with how it is timed and the tender dates that moved since it was set. */
  reminder: ({ id: number; note: string; completed: boolean; status: string } & Partial<Pick<Reminder, "relative_to" | "minutes_before" | "date_moves">>) | null;
}

export const KIND_COLORS: Record<EventKind, string> = {
  reminder: "blue",
  project_start: "green",
  project_completion: "purple",
  tender_closing: "red",
  tender_prebid: "orange",
};

export function useCalendarEvents(from: string, to: string) {
  return useList<CalendarEvent>({
    resource: CALENDAR,
    dataProviderName: REST,
    meta: { query: { from, to } },
    pagination: { mode: "off" },
    errorNotification: false,
    // The month shown stays while the next one loads.
    queryOptions: { placeholderData: (previous) => previous },
  });
}
