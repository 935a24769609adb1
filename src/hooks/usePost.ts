// A POST a page sends itself (a form's submit, a button), through the data provider: the answer's
// data, or the HTTP layer's error. Refine's own notifications stay off; `toast: false` also keeps
// the HTTP layer's toast off, for a page that shows the failure beside its form.
import { useCustomMutation } from "@refinedev/core";

export function usePost<T>({ toast = true }: { toast?: boolean } = {}) {
  const { mutateAsync } = useCustomMutation<T & object>();
  return async (url: string, values: object = {}): Promise<T> => {
    const answer = await mutateAsync({ url, method: "post", values, meta: { toast }, successNotification: false, errorNotification: false });
    return answer.data as T;
  };
}
