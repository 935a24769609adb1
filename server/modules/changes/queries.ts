// The changes kept of a tender or a lead (027_item_changes.sql), newest first, each set with its
// field changes in the order the trigger found them. Who made them is told in full to staff
// (the import run and file, or the staff member's name); subscribers are told the kind only.
import type { ChangeItemType, ChangeSet, ItemChange } from "../../../common/changes.js";
import type { Queryable } from "../../db/client.js";

/** At most this many sets are answered (an item changed more often shows its newest). */
export const MAX_CHANGE_SETS = 200;

interface SetRow {
  id: number;
  item_id: number;
  detected_at: Date;
  source_kind: "import" | "staff";
  import_run_id: number | null;
  source_file: string | null;
  staff_name: string | null;
  changes: ItemChange[];
}

export async function itemChanges(db: Queryable, itemType: ChangeItemType, itemId: number, staff: boolean): Promise<ChangeSet[]> {
  const { rows } = await db.query<SetRow>(
    `SELECT s.id, s.item_id, s.detected_at, s.source_kind, s.import_run_id, s.source_file,
            nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS staff_name,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('field', c.field, 'old', c.old_value, 'new', c.new_value) ORDER BY c.id), '[]')
               FROM item_changes c WHERE c.change_set_id = s.id) AS changes
       FROM change_sets s LEFT JOIN users u ON u.id = s.staff_user_id
      WHERE s.item_type = $1 AND s.item_id = $2
      ORDER BY s.detected_at DESC, s.id DESC
      LIMIT ${MAX_CHANGE_SETS}`,
    [itemType, itemId],
  );
  return rows.map((r) => toChangeSet(itemType, r, staff));
}

function toChangeSet(itemType: ChangeItemType, r: SetRow, staff: boolean): ChangeSet {
  const source = staff
    ? { kind: r.source_kind, import_run_id: r.import_run_id === null ? null : Number(r.import_run_id), file: r.source_file, staff_name: r.staff_name }
    : { kind: r.source_kind };
  return { id: Number(r.id), item_type: itemType, item_id: Number(r.item_id), detected_at: r.detected_at.toISOString(), source, changes: r.changes };
}
