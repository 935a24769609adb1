// PATCH user-info/ (the profile page and the feed's preferences drawer): a custom mutation on the
// REST provider. Failures are toasted by the HTTP layer and their field messages returned to the form.
import { useCustomMutation } from "@refinedev/core";
import type { UserInfo } from "../../../common/api";

export function useProfileUpdate() {
  const { mutateAsync } = useCustomMutation<UserInfo>();
  return (values: Record<string, unknown>) =>
    mutateAsync({ url: "user-info/", method: "patch", values, dataProviderName: "rest", successNotification: false, errorNotification: false });
}
