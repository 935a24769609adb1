// Unlocking one contact of a lead (user-unlock-contact/) through Refine's useCustomMutation. On
// success the contact shows in full wherever the lead's contacts are shown (the cached
// ["lead", id, "contacts/"] part), the top bar's balance follows, and the searches that list
// unlocked leads are read again.
import { useCustomMutation, type CustomResponse } from "@refinedev/core";
import type { SpendConfirmation } from "../../../components/credits/useConfirmSpend";
import { useCreditsSpent } from "../../../components/credits/useCreditsSpent";
import { displayCredits } from "../../../lib/format";
import { toastSuccess } from "../../../lib/toast";
import { leadPartKey, type LeadContact, type UnlockResponse } from "../api";
import { useDataCache } from "../../../providers/cache";

type Contacts = LeadContact[] | { results: LeadContact[] };

function withContact(data: Contacts | undefined, contact: LeadContact): Contacts | undefined {
  const replace = (list: LeadContact[]) => list.map((c) => (c.id === contact.id ? { ...c, ...contact } : c));
  if (Array.isArray(data)) return replace(data);
  if (data && Array.isArray(data.results)) return { ...data, results: replace(data.results) };
  return data;
}

export function useUnlockContact(leadId: string | number) {
  const cache = useDataCache();
  const creditsSpent = useCreditsSpent();
  const { mutate, mutation } = useCustomMutation<UnlockResponse>();

  const unlock = (contactId: number, confirmation: SpendConfirmation, onSettled: () => void) =>
    mutate(
      // The HTTP layer shows a refusal's toast.
      { url: "user-unlock-contact/", method: "post", values: { contact_id: contactId, ...confirmation }, errorNotification: false },
      {
        onSuccess: ({ data: answer }) => {
          cache.patch<CustomResponse<Contacts>>(leadPartKey(leadId, "contacts/"), (cached) =>
            cached ? { ...cached, data: withContact(cached.data, { ...answer.contact, id: contactId }) as Contacts } : cached,
          );
          creditsSpent(answer);
          void cache.refreshListerPages();
          toastSuccess(`Contact unlocked. ${displayCredits(answer.remaining_credits)} credits left.`);
        },
        onSettled,
      },
    );
  const values = mutation.variables?.values as { contact_id?: number } | undefined;
  return { unlock, pendingId: mutation.isPending ? values?.contact_id : undefined };
}
