// Unlocking a company (company/unlock_company/{id}) through Refine's useCustomMutation, and what
// it changes on screen: the top bar's balance at once, the company's pages, the lists that show
// unlocked companies, the builders lister (show_unlocked) and the lead contacts of this company.
import { useCustomMutation, useInvalidate } from "@refinedev/core";
import type { CompanyUnlockResponse } from "../../../common/companies";
import { useCreditsSpent } from "../credits/useCreditsSpent";
import type { SpendConfirmation } from "../credits/useConfirmSpend";
import { displayCredits } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { useDataCache } from "../../providers/cache";
import { companyKeys, NOT_UNLOCKED_COMPANIES, UNLOCKED_COMPANIES } from "./api";

export const credits = (n: number) => `${n} credit${n === 1 ? "" : "s"}`;

export function useUnlockCompany(companyId: number | string) {
  const cache = useDataCache();
  const invalidate = useInvalidate();
  const creditsSpent = useCreditsSpent();
  const { mutate, mutation } = useCustomMutation<CompanyUnlockResponse>();

  const unlock = (confirmation: SpendConfirmation, onSettled: () => void) =>
    mutate(
      // The HTTP layer shows a refusal's toast.
      { url: `company/unlock_company/${encodeURIComponent(String(companyId))}`, method: "post", values: confirmation, errorNotification: false },
      {
        onSuccess: ({ data: answer }) => {
          creditsSpent(answer);
          for (const key of [companyKeys.detail(companyId), companyKeys.parts(companyId), ["lead"]]) void cache.refresh(key);
          for (const resource of [UNLOCKED_COMPANIES, NOT_UNLOCKED_COMPANIES]) void invalidate({ resource, dataProviderName: "rest", invalidates: ["list"] });
          void cache.refreshListerPages(); // the builders lister's 'show unlocked only', leads' contacts
          toastSuccess(
            answer.already_unlocked
              ? "You had already unlocked this company; no credits were spent."
              : `Company unlocked. ${credits(answer.charged)} spent, ${credits(displayCredits(answer.remaining_credits))} left.`,
          );
        },
        onSettled,
      },
    );
  return { unlock, isPending: mutation.isPending };
}
