// The calendar's events (GET reminders/calendar/?from&to, IST days): reminders, shortlisted
// leads' start and completion, followed tenders' closing and pre-bid meeting. Keyed under the
// reminders so a reminder change refreshes the calendar.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http } from "../../providers/http";
import { REMINDERS_KEY, type ReminderItemType } from "../reminders/api";

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
  reminder: { id: number; note: string; completed: boolean; status: string } | null;
}

export const KIND_COLORS: Record<EventKind, string> = {
  reminder: "blue",
  project_start: "green",
  project_completion: "purple",
  tender_closing: "red",
  tender_prebid: "orange",
};

export function useCalendarEvents(from: string, to: string) {
  return useQuery({
    queryKey: [...REMINDERS_KEY, "calendar", from, to],
    queryFn: ({ signal }) => http.get<{ from: string; to: string; results: CalendarEvent[] }>("reminders/calendar/", { query: { from, to }, signal }),
    placeholderData: keepPreviousData,
  });
}
