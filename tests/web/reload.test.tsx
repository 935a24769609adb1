// One automatic reload after a render crash or a failed page-chunk load, never a loop.
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CRASH_RELOAD_FLAG, ErrorBoundary } from "../../src/components/ErrorBoundary";
import { CHUNK_RELOAD_FLAG, ChunkLoadError, loadWithReload } from "../../src/lib/lazyPage";

function Boom(): never {
  throw new Error("render failed");
}

describe("crash boundary", () => {
  it("shows 'Something Wrong Happened' and reloads once", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    render(
      <ErrorBoundary reload={reload}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Something Wrong Happened");
    expect(document.querySelector(".error-page-text")!.textContent).toBe(
      "We apologize for the inconvenience. Our team is addressing the issue and will have it resolved shortly.",
    );
    expect(screen.getByRole("link", { name: /contact support/i }).getAttribute("href")).toBe("mailto:support@infrascout.in");
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CRASH_RELOAD_FLAG)).toBe("1");
  });

  it("does not reload again after the reload it already made", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    sessionStorage.setItem(CRASH_RELOAD_FLAG, "1");
    const reload = vi.fn();
    render(
      <ErrorBoundary reload={reload}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Something Wrong Happened");
    expect(screen.queryByText("render failed")).toBeNull(); // the crash's own message is not shown
    expect(reload).not.toHaveBeenCalled();
  });

  it("clears the flag after a healthy render period", () => {
    vi.useFakeTimers();
    sessionStorage.setItem(CRASH_RELOAD_FLAG, "1");
    render(
      <ErrorBoundary>
        <p>fine</p>
      </ErrorBoundary>,
    );
    vi.advanceTimersByTime(10_000);
    expect(sessionStorage.getItem(CRASH_RELOAD_FLAG)).toBeNull();
  });
});

describe("page chunk loading", () => {
  it("reloads once on a failed load, then raises a ChunkLoadError", async () => {
    const reload = vi.fn();
    const failing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    const first = loadWithReload(failing, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBe("1");
    void first; // never settles: the page is reloading

    await expect(loadWithReload(failing, reload)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a successful load clears the flag", async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, "1");
    await expect(loadWithReload(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });
});
