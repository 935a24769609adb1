// Refine access control over the CASL ability of the signed-in user.
import type { AccessControlProvider } from "@refinedev/core";
import { abilityFor } from "../access/ability";
import { loadSessionAndRemember } from "./session";

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    let user = null;
    try {
      user = (await loadSessionAndRemember()).user;
    } catch {
      return { can: false, reason: "Not signed in" };
    }
    const can = abilityFor(user).can(action, resource ?? "all");
    return can ? { can } : { can, reason: "This page is for staff only" };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
