// Assignments (common/assignments.ts) through Refine's data provider: the list (useTable on the
// "assignments" resource, its filters the API's own query: scope, status, item_type, item_id,
// overdue), and the writes (create, mark done or reopen). Every query sits under the resource's
// Refine key, so one invalidation after a write refreshes the page, the dialog and the dashboard.
import { useCreate, useInvalidate, useTable, useUpdate, type HttpError } from "@refinedev/core";
import { ASSIGNMENT_PAGE_SIZE, type Assignment, type AssignmentItemType, type AssignmentScope, type AssignmentStatus } from "../../../common/assignments";

export { ASSIGNMENT_ITEM_LABELS, describeAssignment, type Assignment, type AssignmentItemType } from "../../../common/assignments";

/** The resource's name in src/resources/index.tsx; the API's collection ends with a slash. */
export const ASSIGNMENTS = "assignments";
export const ASSIGNMENTS_ENDPOINT = "assignments/";

export interface AssignmentQuery {
  scope?: AssignmentScope;
  status?: AssignmentStatus | "";
  item_type?: AssignmentItemType | "";
  item_id?: number;
  overdue?: boolean;
}

/** The query string the API reads: only the filters that are set. */
export function assignmentQuery(q: AssignmentQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.scope) out.scope = q.scope;
  if (q.status) out.status = q.status;
  if (q.item_type) out.item_type = q.item_type;
  if (q.item_id !== undefined) out.item_id = String(q.item_id);
  if (q.overdue) out.overdue = "true";
  return out;
}

/** A page of assignments through useTable (the page's number is the table's; the filters its meta.query). */
export function useAssignmentTable(q: AssignmentQuery, opts: { enabled?: boolean } = {}) {
  return useTable<Assignment, HttpError>({
    resource: ASSIGNMENTS,
    syncWithLocation: false,
    pagination: { pageSize: ASSIGNMENT_PAGE_SIZE },
    sorters: { mode: "off" },
    meta: { endpoint: ASSIGNMENTS_ENDPOINT, query: assignmentQuery(q), toast: false },
    queryOptions: { enabled: opts.enabled ?? true, retry: false },
    errorNotification: false,
  });
}

export function useRefreshAssignments() {
  const invalidate = useInvalidate();
  return () => invalidate({ resource: ASSIGNMENTS, invalidates: ["resourceAll"] });
}

export interface NewAssignment {
  item_type: AssignmentItemType;
  item_id: number;
  assignee_id: number;
  note: string;
  due_at: string | null;
}

/** Creates one (a second of the same open one answers the first: the server makes one). */
export function useCreateAssignment() {
  const { mutateAsync, mutation } = useCreate<Assignment, HttpError, NewAssignment>();
  const create = async (values: NewAssignment) =>
    (await mutateAsync({ resource: ASSIGNMENTS, values, meta: { endpoint: ASSIGNMENTS_ENDPOINT, toast: false }, successNotification: false, errorNotification: false })).data;
  return { create, saving: mutation.isPending };
}

/** Marks one done or open again. */
export function useSetAssignmentStatus() {
  const { mutateAsync, mutation } = useUpdate<Assignment, HttpError, { status: AssignmentStatus }>();
  const setStatus = async (id: number, status: AssignmentStatus) =>
    (await mutateAsync({ resource: ASSIGNMENTS, id, values: { status }, meta: { endpoint: ASSIGNMENTS_ENDPOINT }, successNotification: false })).data;
  return { setStatus, saving: mutation.isPending, savingId: mutation.variables?.id };
}
