// Where a transaction's writes come from, for the change triggers (027_item_changes.sql): set
// once at the start of an import's or a staff save's transaction, local to it (set_config's
// third argument), so it never leaks to the next user of the pooled connection. Writes whose
// transaction says nothing (seeding, bookkeeping) record no changes.
import type { Queryable } from "../../db/client.js";

export type WriteSource =
  | { kind: "import"; runId: number; file?: string | null; files?: ReadonlyMap<string, string> }
  | { kind: "staff"; userId: number };

export async function setChangeSource(tx: Queryable, source: WriteSource): Promise<void> {
  const value =
    source.kind === "staff"
      ? JSON.stringify({ kind: "staff", user_id: source.userId })
      : `{"kind":"import","run_id":${JSON.stringify(source.runId)},"file":${JSON.stringify(source.file ?? null)},"files":${filesJson(source.files)}}`;
  await tx.query(`SELECT set_config('infrascout.change_source', $1, true)`, [value]);
}

/** Each tender's file by ocid, as a JSON object written pair by pair (an ocid from a file never becomes a key of an object here). */
function filesJson(files: ReadonlyMap<string, string> | undefined): string {
  return `{${[...(files ?? [])].map(([ocid, file]) => `${JSON.stringify(ocid)}:${JSON.stringify(file)}`).join(",")}}`;
}
