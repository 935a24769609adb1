// Spending credits from an impersonated session. The server refuses to spend the user's credits
// while a staff member impersonates them unless the request carries impersonation_confirmed=true
// (server/plugins/access.ts assertCanSpendCredits). This hook asks the staff member first, in a
// dialog naming the user whose credits will be spent, and hands back the confirmation to send
// only after they confirmed. In the user's own session it asks nothing.
//
//   const { confirmSpend, dialog } = useConfirmSpend();
//   const confirmation = await confirmSpend({ what: "the contact Ravi Kumar", credits: 1 });
//   if (confirmation) mutate({ url: "user-unlock-contact/", method: "post", values: { contact_id, ...confirmation } });
//   …render {dialog} somewhere in the component.
import { ExclamationCircleFilled } from "@ant-design/icons";
import { useGetIdentity } from "@refinedev/core";
import { Modal, Typography } from "antd";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { displayCredits } from "../../lib/format";
import type { Identity } from "../../providers/session";

/** The body fields that confirm a spend: none in the user's own session. */
export type SpendConfirmation = { impersonation_confirmed?: true };

export interface SpendRequest {
  /** What the credits buy, as a phrase: 'the contact Ravi Kumar', 'the company Acme Pvt Ltd'. */
  what: string;
  /** How many credits it costs. */
  credits: number;
}

export const CONFIRM_SPEND_OK = "Spend their credit";
export const confirmSpendTitle = (name: string) => `Spend ${name}'s credits?`;

const plural = (n: number) => `${n} credit${n === 1 ? "" : "s"}`;

/** The impersonated user as the dialog names them: 'Asha Rao (asha@acme.in)'. */
export function spenderName(user: { first_name?: string | null; last_name?: string | null; email: string }): string {
  return [user.first_name, user.last_name].map((s) => s?.trim()).filter(Boolean).join(" ") || user.email;
}

export function useConfirmSpend(): {
  /** Resolves to the fields to send, or null when the staff member cancelled. */
  confirmSpend: (request: SpendRequest) => Promise<SpendConfirmation | null>;
  /** The dialog; render it once in the component that spends. */
  dialog: ReactNode;
} {
  const { data: user } = useGetIdentity<Identity | null>();
  const [pending, setPending] = useState<SpendRequest | null>(null);
  const resolver = useRef<((answer: SpendConfirmation | null) => void) | null>(null);

  const settle = useCallback((answer: SpendConfirmation | null) => {
    resolver.current?.(answer);
    resolver.current = null;
    setPending(null);
  }, []);
  // A dialog left open when the component goes away counts as cancelled.
  useEffect(() => () => resolver.current?.(null), []);

  const impersonated = !!user?.is_impersonated;
  const confirmSpend = useCallback(
    (request: SpendRequest): Promise<SpendConfirmation | null> => {
      if (!impersonated) return Promise.resolve({});
      resolver.current?.(null); // only one question at a time
      return new Promise((resolve) => {
        resolver.current = resolve;
        setPending(request);
      });
    },
    [impersonated],
  );

  const name = user ? spenderName(user) : "";
  const dialog = (
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
  return { confirmSpend, dialog };
}
