// The toasts' host: antd's message with the app's theme (it renders inside ConfigProvider).
// Loaded apart from the pages (lib/toast says when); lib/toast routes every toast through it.
import { message } from "antd";
import { useEffect } from "react";
import { setToastApi } from "../lib/toast";

export default function ToastHost() {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    setToastApi(api);
    return () => setToastApi(null);
  }, [api]);
  return holder;
}
