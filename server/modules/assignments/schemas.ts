// TypeBox schemas of the assignments API (common/assignments.ts describes the same shapes).
import { Type, type Static } from "typebox";
import {
  ASSIGNMENT_ITEM_TYPES,
  ASSIGNMENT_NOTE_MAX,
  ASSIGNMENT_SCOPES,
  ASSIGNMENT_STATUSES,
  type Assignment as AssignmentType,
  type TeamPipeline as TeamPipelineType,
} from "../../../common/assignments.js";
import { ErrorResponse, Nullable } from "../../http/schemas.js";

export const tags = ["assignments"];
export const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const IdParams = Type.Object({ id: Id });
const ItemType = Type.Enum([...ASSIGNMENT_ITEM_TYPES]);
const Status = Type.Enum([...ASSIGNMENT_STATUSES]);
const Note = Type.String({ maxLength: ASSIGNMENT_NOTE_MAX, description: `What to do; at most ${ASSIGNMENT_NOTE_MAX} characters` });
const DueAt = Nullable(Type.String({ format: "date-time", description: "ISO date and time (UTC or with an offset); at most a day in the past" }));

const Teammate = Type.Object({ user_id: Type.Integer(), name: Type.String(), email: Type.String() });

export const AssignmentSchema = Type.Object({
  id: Type.Integer(),
  item_type: ItemType,
  item_id: Type.Integer(),
  item_title: Type.String({ description: "The item's title (a company's name); empty when the item is gone" }),
  assignee: Teammate,
  assigned_by: Nullable(Teammate),
  note: Type.String(),
  due_at: Nullable(Type.String({ format: "date-time" })),
  status: Status,
  overdue: Type.Boolean({ description: "Open and due before now" }),
  created_at: Type.String({ format: "date-time" }),
  updated_at: Type.String({ format: "date-time" }),
  done_at: Nullable(Type.String({ format: "date-time" })),
});

export const AssignmentList = Type.Object({ count: Type.Integer(), page: Type.Integer(), page_size: Type.Integer(), results: Type.Array(AssignmentSchema) });

export const CreateBody = Type.Object(
  {
    item_type: ItemType,
    item_id: Id,
    assignee_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: "The user id of a member of the caller's team" }),
    note: Type.Optional(Note),
    due_at: Type.Optional(DueAt),
  },
  { additionalProperties: false },
);

export const UpdateBody = Type.Object(
  {
    status: Type.Optional(Status),
    note: Type.Optional(Note),
    due_at: Type.Optional(DueAt),
    assignee_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: "Give it to another teammate" })),
  },
  { additionalProperties: false },
);

export const ListQuery = Type.Object(
  {
    scope: Type.Optional(Type.Enum([...ASSIGNMENT_SCOPES], { default: "mine", description: "mine: assigned to me; by_me: assigned by me; team: the team's" })),
    status: Type.Optional(Status),
    item_type: Type.Optional(ItemType),
    item_id: Type.Optional(Id),
    overdue: Type.Optional(Type.Boolean({ description: "true: only open ones past their due date; false: none of those" })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  },
  { additionalProperties: false },
);

const PipelineRow = Type.Object({
  user_id: Type.Integer(), name: Type.String(),
  shortlisted: Type.Integer(), tentative: Type.Integer(), rejected: Type.Integer(),
  open: Type.Integer(), overdue: Type.Integer(), done: Type.Integer(),
});
export const TeamPipelineSchema = Type.Object({ team_name: Type.String(), rows: Type.Array(PipelineRow) });

/** True only when A and B are the same type: the check fails when the schemas and common/assignments.ts drift. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const schemasMatchCommon: [Same<Static<typeof AssignmentSchema>, AssignmentType>, Same<Static<typeof TeamPipelineSchema>, TeamPipelineType>] = [true, true];
void schemasMatchCommon;
