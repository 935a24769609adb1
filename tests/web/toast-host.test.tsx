// Toasts' host (antd's message) is loaded apart from the pages: the app mounts it for the first
// toast (or fetches it once the page is idle). Toasts asked for before it is there are shown, in order.
import { act, screen, waitFor } from "@testing-library/react";
import type { MessageInstance } from "antd/es/message/interface";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { message } from "antd";
import { closeToast, setToastApi, setToastFallback, setToastHostMounter, toastError, toastSuccess } from "../../src/lib/toast";
import { renderInApp } from "./renderApp";

const notices = () => Array.from(document.querySelectorAll(".ant-message-notice-content")).map((n) => n.textContent);

/** No host, nothing waiting: an earlier file in this worker may have left toasts queued for a host it unmounted. */
function noHost() {
  setToastHostMounter(null);
  setToastApi({ open: () => undefined, destroy: () => undefined } as unknown as MessageInstance);
  setToastApi(null);
}
beforeEach(noHost);
afterEach(noHost);

describe("toasts before their host is there", () => {
  it("wait in order, ask the app to mount the host once each, and are shown when it is there", () => {
    const mount = vi.fn();
    setToastHostMounter(mount);
    toastSuccess("Saved");
    toastError("Not found");
    closeToast("other");
    expect(mount).toHaveBeenCalledTimes(2);
    const open = vi.fn();
    const destroy = vi.fn();
    setToastApi({ open, destroy } as unknown as MessageInstance);
    expect(open.mock.calls.map(([config]) => config.content)).toEqual(["Saved", "Not found"]);
    expect(destroy).toHaveBeenCalledWith("other");
  });

  it("toasts asked for before the app registers its host mount it as it registers", () => {
    setToastFallback(null);
    try {
      toastError("Server Error");
      const mount = vi.fn();
      setToastHostMounter(mount);
      expect(mount).toHaveBeenCalledTimes(1);
    } finally {
      setToastFallback(message);
    }
  });

  it("a close with no toast waiting does not mount the host", () => {
    const mount = vi.fn();
    setToastHostMounter(mount);
    closeToast("nothing");
    expect(mount).not.toHaveBeenCalled();
  });
});

describe("in the app", () => {
  // (That the host's code is not part of a page's first load: tests/unit/bundle-budget.test.ts.)
  it("the first toasts mount the host and show, in order", async () => {
    renderInApp(<p>page</p>);
    await screen.findByText("page");
    act(() => {
      toastSuccess("Reminder saved");
      toastError("This reminder already exists.");
    });
    // (Toasts of earlier test files in this worker may still be leaving: only these two count.)
    const ours = () => notices().filter((text) => text === "Reminder saved" || text === "This reminder already exists.");
    await waitFor(() => expect(ours()).toEqual(["Reminder saved", "This reminder already exists."]));
  });
});
