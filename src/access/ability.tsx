// The signed-in user's CASL ability (common/ability.ts, the rules the server enforces) for the
// shells' components: @casl/react's <Can> and useAbility read it from here. Pages and routes ask
// Refine's accessControlProvider (<CanAccess>), which applies the same rules.
import { AbilityProvider, Can, useAbility } from "@casl/react";
import { useMemo, type ReactNode } from "react";
import type { UserInfo } from "../../common/api";
import { defineAbilityFor, type AppAbility } from "../../common/ability";

export function SessionAbility({ user, children }: { user: UserInfo; children: ReactNode }) {
  const ability = useMemo(() => defineAbilityFor(user), [user]);
  return <AbilityProvider value={ability}>{children}</AbilityProvider>;
}

export const useAppAbility = () => useAbility<AppAbility>();

export { Can };
