// Toasts (antd `message`). Durations come from the specification: error toasts stay 10 s
// and share one key, so a newer error replaces the one on screen instead of stacking;
// every other toast stays 3 s. The toasts' host (components/ToastHost, inside the theme, so
// toasts follow it) is not part of a page's first load: App's <ToastBridge> mounts it for the
// first toast, and fetches it once the page has loaded, so a toast never waits on the network.
// Until it is there, toasts wait here in order.
import type { MessageInstance } from "antd/es/message/interface";
import { ERROR_TOAST_SECONDS, TOAST_SECONDS } from "../../common/constants";
import { capMessage } from "./errorMessages";

export const ERROR_TOAST_KEY = "infrascout-error";

type ToastCall = (api: MessageInstance) => void;

let api: MessageInstance | null = null;
let fallback: MessageInstance | null = null;
const waiting: ToastCall[] = [];
let mountHost: (() => void) | null = null;

/** The mounted host's API (null when it unmounts); toasts waiting for it are shown at once. */
export function setToastApi(instance: MessageInstance | null): void {
  api = instance;
  if (instance) for (const call of waiting.splice(0)) call(instance);
}

/** App's bridge registers how to mount the host; a toast asked for before it is there mounts it. */
export function setToastHostMounter(mount: (() => void) | null): void {
  mountHost = mount;
  if (mount && waiting.length > 0) mount(); // toasts asked for before the app was there
}

/** Where toasts go when no app (and so no bridge) is there: component tests give antd's static API. */
export function setToastFallback(instance: MessageInstance | null): void {
  fallback = instance;
}

function withToasts(call: ToastCall): void {
  if (api) return call(api);
  if (!mountHost && fallback) return call(fallback);
  waiting.push(call);
  mountHost?.();
}

export function toastError(text: string): void {
  withToasts((a) => void a.open({ type: "error", content: capMessage(text), key: ERROR_TOAST_KEY, duration: ERROR_TOAST_SECONDS }));
}

// The same text shown twice at once (e.g. a library and a page both announcing one save)
// stays one toast: its text is its key unless a key is given.
export function toastSuccess(text: string, key?: string): void {
  withToasts((a) => void a.open({ type: "success", content: text, key: key ?? `success:${text}`, duration: TOAST_SECONDS }));
}

export function toastInfo(text: string, key?: string): void {
  withToasts((a) => void a.open({ type: "info", content: text, key, duration: TOAST_SECONDS }));
}

export function toastLoading(text: string, key?: string): void {
  withToasts((a) => void a.open({ type: "loading", content: text, key, duration: TOAST_SECONDS }));
}

export function closeToast(key: string): void {
  if (api) api.destroy(key);
  else if (!mountHost && fallback) fallback.destroy(key);
  else if (waiting.length > 0) waiting.push((a) => a.destroy(key)); // one still waiting to be shown
}
