// Toasts (antd `message`). Durations come from the specification: error toasts stay 10 s
// and share one key, so a newer error replaces the one on screen instead of stacking;
// every other toast stays 3 s. The API instance is set by <ToastBridge> (App.tsx), inside the theme,
// so toasts follow the theme; before that (or in tests without it) antd's static API is used.
import { message as staticMessage } from "antd";
import type { MessageInstance } from "antd/es/message/interface";
import { ERROR_TOAST_SECONDS, TOAST_SECONDS } from "../../common/constants";
import { capMessage } from "./errorMessages";

export const ERROR_TOAST_KEY = "infrascout-error";

let api: MessageInstance = staticMessage;

export function setToastApi(instance: MessageInstance | null): void {
  api = instance ?? staticMessage;
}

export function toastError(text: string): void {
  void api.open({ type: "error", content: capMessage(text), key: ERROR_TOAST_KEY, duration: ERROR_TOAST_SECONDS });
}

// The same text shown twice at once (e.g. a library and a page both announcing one save)
// stays one toast: its text is its key unless a key is given.
export function toastSuccess(text: string, key?: string): void {
  void api.open({ type: "success", content: text, key: key ?? `success:${text}`, duration: TOAST_SECONDS });
}

export function toastInfo(text: string, key?: string): void {
  void api.open({ type: "info", content: text, key, duration: TOAST_SECONDS });
}

export function toastLoading(text: string, key?: string): void {
  void api.open({ type: "loading", content: text, key, duration: TOAST_SECONDS });
}

export function closeToast(key: string): void {
  api.destroy(key);
}
