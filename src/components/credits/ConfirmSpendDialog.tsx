// The question useConfirmSpend asks an impersonating staff member before spending the user's
// credits: a chunk of its own (antd's Modal), fetched the first time a page asks it.
import { ExclamationCircleFilled } from "@ant-design/icons";
import { Modal, Typography } from "antd";
import { displayCredits } from "../../lib/format";
import type { Identity } from "../../providers/session";
import { CONFIRM_SPEND_OK, confirmSpendTitle, plural, spenderName, type SpendConfirmation, type SpendRequest } from "./useConfirmSpend";

export interface ConfirmSpendDialogProps {
  /** The spend asked about; none = closed. */
  pending: SpendRequest | null;
  user: Identity | null | undefined;
  onAnswer: (answer: SpendConfirmation | null) => void;
}

export function ConfirmSpendDialog({ pending, user, onAnswer: settle }: ConfirmSpendDialogProps) {
  const name = user ? spenderName(user) : "";
  return (
    <Modal
      open={!!pending}
      className="confirm-spend"
      title={
        <span>
          <ExclamationCircleFilled style={{ color: "#faad14", marginRight: 8 }} />
          {confirmSpendTitle(name)}
        </span>
      }
      okText={pending ? (pending.credits === 1 ? CONFIRM_SPEND_OK : `Spend their ${plural(pending.credits)}`) : CONFIRM_SPEND_OK}
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      onOk={() => settle({ impersonation_confirmed: true })}
      onCancel={() => settle(null)}
      destroyOnHidden
    >
      {pending && user && (
        <>
          <Typography.Paragraph>
            You are impersonating <Typography.Text strong>{name}</Typography.Text>
            {name !== user.email ? ` (${user.email})` : ""}. Unlocking {pending.what} spends {plural(pending.credits)} of{" "}
            <Typography.Text strong>their</Typography.Text> account, which has {plural(displayCredits(user.remaining_credits))} left.
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">Go on only if the user asked you to. The spend is recorded in the audit log with your name.</Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
