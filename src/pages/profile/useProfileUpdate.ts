// PATCH user-info/ (the profile page, onboarding and the feed's preferences drawer) on the REST
// provider. Failures are toasted by the HTTP layer and their field messages returned to the form.
import type { UserInfo } from "../../../common/api";
import { usePatch } from "../../hooks/usePost";

export function useProfileUpdate() {
  const patch = usePatch<UserInfo>({ dataProviderName: "rest" });
  return (values: Record<string, unknown>) => patch("user-info/", values);
}
