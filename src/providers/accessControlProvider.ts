// Refine access control over the shared CASL rules (common/ability.ts), the same rules the
// server enforces: a resource is usable when the signed-in user's ability allows it. The rules
// (CASL) are imported when first asked, so the sign-in pages do not download them.
import type { AccessControlProvider } from "@refinedev/core";
import { loadSession } from "./session";

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    let user = null;
    try {
      user = await loadSession();
    } catch {
      return { can: false, reason: "Not signed in" };
    }
    const { canUseResource, defineAbilityFor } = await import("../../common/ability");
    const can = canUseResource(defineAbilityFor(user), resource, action);
    return can ? { can } : { can, reason: "You do not have access to this page" };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
