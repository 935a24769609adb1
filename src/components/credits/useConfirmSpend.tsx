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
import { useGetIdentity } from "@refinedev/core";
import { Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { lazyComponent } from "../../lib/lazyPage";
import { toastError } from "../../lib/toast";
import type { Identity } from "../../providers/session";
import { DialogLoadBoundary } from "../page/LazyDialogButton";
import type { ConfirmSpendDialogProps } from "./ConfirmSpendDialog";

const loadDialog = () => import("./ConfirmSpendDialog").then((m) => m.ConfirmSpendDialog);

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

export const plural = (n: number) => `${n} credit${n === 1 ? "" : "s"}`;

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
  const [Dialog, setDialog] = useState<ComponentType<ConfirmSpendDialogProps> | null>(null);
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
      // The dialog's code is fetched the first time it is needed (again after a failed fetch).
      setDialog((loaded: ComponentType<ConfirmSpendDialogProps> | null) => loaded ?? lazyComponent(loadDialog));
      return new Promise((resolve) => {
        resolver.current = resolve;
        setPending(request);
      });
    },
    [impersonated],
  );

  const failed = () => {
    toastError("Could not ask to confirm the spend. Check your connection and try again.");
    setDialog(null);
    settle(null);
  };
  const dialog = Dialog && (
    <DialogLoadBoundary label="Spend credits" onError={failed}>
      <Suspense fallback={null}>
        <Dialog pending={pending} user={user} onAnswer={settle} />
      </Suspense>
    </DialogLoadBoundary>
  );
  return { confirmSpend, dialog };
}
