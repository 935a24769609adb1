// How the audit log reads for people: durations and details as short phrases (times: lib/format).
/** 3725 → '1 h 2 min'; under a minute in seconds. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h ? `${h} h ${m} min` : `${m} min`;
}

/** 'impersonation_end' → 'Impersonation end', 'project.add_contact' → 'Project add contact'. */
export function actionLabel(action: string): string {
  const words = action.replace(/[._]/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const show = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));

/** A row's details as short lines: how an impersonation ended and how long it ran, old → new values, the rest as key: value. */
export function describeDetails(details: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (key === "started_at" || key === "ended_at" || key === "token_id") continue; // the row's time and duration say it
    if (key === "kind") lines.push(`Ended by: ${show(value)}`);
    else if (key === "duration_seconds" && typeof value === "number") lines.push(`Lasted ${formatDuration(value)}`);
    else if (key === "reason") lines.push(`Reason: ${show(value)}`);
    else if (Array.isArray(value) && value.length === 2 && key !== "fields") lines.push(`${key}: ${show(value[0])} → ${show(value[1])}`);
    else lines.push(`${key}: ${show(value)}`);
  }
  return lines;
}
