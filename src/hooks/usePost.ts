// A POST or PATCH a page sends itself (a form's submit, a button), through a data provider: the
// answer's data, or the HTTP layer's error. Refine's own notifications stay off; `toast: false`
// also keeps the HTTP layer's toast off, for a page that shows the failure beside its form.
import { useCustomMutation } from "@refinedev/core";

interface SendOptions {
  toast?: boolean;
  /** The data provider to send it through ("rest" for the plain REST resources); the default one else. */
  dataProviderName?: string;
}

function useSend<T>(method: "post" | "patch", { toast = true, dataProviderName }: SendOptions) {
  const { mutateAsync } = useCustomMutation<T & object>();
  return async (url: string, values: object = {}): Promise<T> => {
    const answer = await mutateAsync({ url, method, values, meta: { toast }, dataProviderName, successNotification: false, errorNotification: false });
    return answer.data as T;
  };
}

export const usePost = <T,>(options: SendOptions = {}) => useSend<T>("post", options);
export const usePatch = <T,>(options: SendOptions = {}) => useSend<T>("patch", options);
