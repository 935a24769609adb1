// The 'Assign' dialog (issue 20): a teammate, a note and an optional due date (IST), saved with
// POST assignments/. It lists who already has the item open in the team, so nobody gives it twice;
// the server makes one of a double click anyway. A user in no team is told where teams are made.
import { Alert, DatePicker, Form, Input, Modal, Select, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { Link } from "react-router";
import { ASSIGNMENT_ITEM_LABELS, ASSIGNMENT_NOTE_MAX, personName, type AssignmentItemType } from "../../../common/assignments";
import { formatDateTime, fromIstWallClock, toIstWallClock } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { useTeam, writeError } from "../../pages/team/teamApi";
import { useAssignmentTable, useCreateAssignment, useRefreshAssignments } from "./api";

export interface AssignDialogProps {
  itemType: AssignmentItemType;
  itemId: number;
  open: boolean;
  onClose: () => void;
}

interface Values {
  assignee_id?: number;
  note?: string;
  due_at?: Dayjs | null;
}

const FIELDS = ["assignee_id", "note", "due_at"] as const;

/** Who has this item open in the team now. */
function OpenOnItem({ itemType, itemId }: { itemType: AssignmentItemType; itemId: number }) {
  const { result } = useAssignmentTable({ scope: "team", status: "open", item_type: itemType, item_id: itemId });
  const open = result.data ?? [];
  if (!open.length) return null;
  return (
    <Typography.Paragraph type="secondary" className="assign-open-now">
      Open now:{" "}
      {open.map((a, i) => (
        <span key={a.id}>
          {i > 0 && "; "}
          {a.assignee.name}
          {a.due_at ? ` (due ${formatDateTime(a.due_at)})` : ""}
        </span>
      ))}
    </Typography.Paragraph>
  );
}

export function AssignDialog({ itemType, itemId, open, onClose }: AssignDialogProps) {
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const { team, none, loading } = useTeam();
  const { create, saving } = useCreateAssignment();
  const refresh = useRefreshAssignments();
  const noun = ASSIGNMENT_ITEM_LABELS[itemType].toLowerCase();

  const save = async (values: Values) => {
    setFailure(null);
    try {
      const a = await create({
        item_type: itemType,
        item_id: itemId,
        assignee_id: values.assignee_id!,
        note: values.note?.trim() ?? "",
        due_at: values.due_at ? fromIstWallClock(values.due_at.second(0).millisecond(0)) : null,
      });
      toastSuccess(`Assigned to ${a.assignee.name}`);
      await refresh();
      form.resetFields();
      onClose();
    } catch (error) {
      const errors = (error as { errors?: Record<string, string[] | string> }).errors ?? {};
      const onFields = FIELDS.filter((f) => errors[f]).map((f) => ({ name: f, errors: ([] as string[]).concat(errors[f]) }));
      if (onFields.length) form.setFields(onFields);
      else setFailure(writeError(error));
    }
  };

  const members = (team?.members ?? []).map((m) => ({ value: m.user_id, label: `${personName(m)} (${m.role})` }));
  return (
    <Modal
      title={`Assign this ${noun}`}
      open={open}
      okText="Assign"
      okButtonProps={{ disabled: !team }}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {none ? (
        <Alert type="info" showIcon message="You are not in a team yet." description={<>Create a team or join one on the <Link to="/team">Team page</Link> to assign work to teammates.</>} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)} disabled={loading}>
          {team && <OpenOnItem itemType={itemType} itemId={itemId} />}
          <Form.Item name="assignee_id" label="Teammate" rules={[{ required: true, message: "Choose a teammate." }]}>
            <Select aria-label="Teammate" placeholder="Choose a teammate" options={members} loading={loading} showSearch optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="note" label="Note">
            <Input.TextArea aria-label="Note" rows={3} maxLength={ASSIGNMENT_NOTE_MAX} showCount placeholder="What should they do?" />
          </Form.Item>
          <Form.Item name="due_at" label="Due (IST)" extra="Optional. The assignee sees it overdue after this time.">
            <DatePicker
              aria-label="Due (IST)"
              showTime={{ format: "hh:mm A", minuteStep: 15 }}
              format="DD MMM YYYY, hh:mm A"
              disabledDate={(d) => d.isBefore(toIstWallClock(Date.now()).startOf("day"))}
              style={{ width: "100%" }}
            />
          </Form.Item>
          {failure && <Alert type="error" showIcon message={failure} />}
        </Form>
      )}
    </Modal>
  );
}
