// Refine notifications through the same toasts as the HTTP layer: errors under one key for
// 10 s (a newer error replaces the older), everything else 3 s.
import type { NotificationProvider } from "@refinedev/core";
import { CANCELLED_MESSAGE } from "../lib/errorMessages";
import { closeToast, toastError, toastLoading, toastSuccess } from "../lib/toast";

export const notificationProvider: NotificationProvider = {
  open: ({ type, message, description, key }) => {
    if (type === "error") {
      // Cancelled requests are ignored silently (spec section 8).
      if (description === CANCELLED_MESSAGE || message === CANCELLED_MESSAGE) return;
      // Refine puts the server's message (our catalogue text) in `description`.
      toastError(description || message);
    } else if (type === "progress") {
      toastLoading(message, key);
    } else {
      toastSuccess(description ? `${message}: ${description}` : message, key);
    }
  },
  close: (key) => closeToast(key),
};
