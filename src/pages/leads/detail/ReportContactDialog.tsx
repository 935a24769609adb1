// 'Report wrong' on an unlocked contact: the reason, sent to user-unlock-contact/{id}/report/.
// A chunk of its own (antd's Modal and TextArea), fetched when the button is first pointed at.
import { useCustomMutation } from "@refinedev/core";
import { Input, Modal, Typography } from "antd";
import { useState } from "react";
import type { LazyDialogProps } from "../../../components/page/LazyDialogButton";
import { toastSuccess } from "../../../lib/toast";
import type { LeadContact } from "../api";

export const REPORT_THANKS = "Thank you. Our team will check this contact; if it is wrong, your credit comes back.";

export function ReportContactDialog({ contact, open, onClose }: LazyDialogProps & { contact: LeadContact }) {
  const [reason, setReason] = useState("");
  const { mutate, mutation } = useCustomMutation();
  const report = () =>
    mutate(
      { url: `user-unlock-contact/${contact.id}/report/`, method: "post", values: { reason: reason.trim() }, errorNotification: false },
      {
        onSuccess: () => {
          toastSuccess(REPORT_THANKS);
          onClose();
          setReason("");
        },
      },
    );
  return (
    <Modal
      title={`Report ${contact.name} as wrong`}
      open={open}
      okText="Report"
      okButtonProps={{ disabled: !reason.trim(), danger: true }}
      confirmLoading={mutation.isPending}
      onOk={report}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">If our team confirms it, the credit you spent on this contact is given back.</Typography.Paragraph>
      <Input.TextArea aria-label="Reason" rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. The number belongs to someone else; the person left the company" />
    </Modal>
  );
}
