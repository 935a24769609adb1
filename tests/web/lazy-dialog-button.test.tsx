// LazyDialogButton ('Save search', 'Set reminder', 'Edit preferences'): the button is busy until the
// dialog's code is there; a dialog whose code cannot be loaded is an error toast, not a crashed page,
// and pressing the button again loads and opens it.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Modal } from "antd";
import type { ComponentType } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "../../src/components/ErrorBoundary";
import { LazyDialogButton, type LazyDialogProps } from "../../src/components/page/LazyDialogButton";
import { CHUNK_RELOAD_FLAG } from "../../src/lib/lazyPage";
import { renderInApp } from "./renderApp";

function TestDialog({ open, onClose, note }: LazyDialogProps & { note: string }) {
  return (
    <Modal title="Test dialog" open={open} onCancel={onClose} footer={null}>
      {note}
    </Modal>
  );
}

afterEach(() => {
  sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
  vi.restoreAllMocks();
});

describe("LazyDialogButton", () => {
  it("a failed load is a toast and leaves the page as it was; pressing again loads and opens the dialog", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    // The page has already reloaded once for a missing chunk (lazyComponent): this failure is the user's to see.
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, "1");
    let fail!: (error: Error) => void;
    const load = vi
      .fn<() => Promise<ComponentType<LazyDialogProps & { note: string }>>>()
      .mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)))
      .mockImplementation(() => Promise.resolve(TestDialog));
    const reload = vi.fn();
    renderInApp(
      <ErrorBoundary reload={reload}>
        <p>Page content</p>
        <LazyDialogButton label="Test dialog" load={load} dialogProps={{ note: "Dialog body" }} />
      </ErrorBoundary>,
    );
    const button = screen.getByRole("button", { name: "Test dialog" });

    fireEvent.click(button);
    await waitFor(() => expect(button.classList.contains("ant-btn-loading")).toBe(true)); // busy until the code is there
    fail(new TypeError("Failed to fetch dynamically imported module"));
    await screen.findByText("Could not open 'Test dialog'. Check your connection and try again.");
    await waitFor(() => expect(button.classList.contains("ant-btn-loading")).toBe(false));
    screen.getByText("Page content");
    expect(screen.queryByText("Something Wrong Happened")).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(button);
    await screen.findByRole("dialog", { name: "Test dialog" });
    screen.getByText("Dialog body");
    await waitFor(() => expect(button.classList.contains("ant-btn-loading")).toBe(false));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByText("Something Wrong Happened")).toBeNull();
  });
});
