// After a successful signup (its session is loaded): open the destination, then refresh Refine's
// auth store. In that order: refreshed first, the signup page's guard (SignedOutOnly) would see
// the new identity and open the home page instead; the destination's guard asks again on mount.
import { useInvalidateAuthStore } from "@refinedev/core";
import { useCallback } from "react";
import { useNavigate } from "react-router";

export function useFinishSignIn() {
  const invalidateAuthStore = useInvalidateAuthStore();
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      navigate(to, { replace: true });
      void invalidateAuthStore();
    },
    [invalidateAuthStore, navigate],
  );
}
