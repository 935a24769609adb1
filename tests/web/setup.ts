// happy-dom setup for the web app's tests.
import "@ant-design/v5-patch-for-react-19";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { message } from "antd";
import { setToastFallback } from "../../src/lib/toast";
import { keepOnlyVisibilityRules } from "./visibility-css";

// A component rendered without the app has no toasts' host: its toasts go to antd's static API.
setToastFallback(message);

// Pages are lazy chunks: the first import of one in a run can take a while in a simulated DOM.
configure({ asyncUtilTimeout: 8000 });

/** The viewport width the matchMedia polyfill answers for (tests set it per case). */
export function setViewportWidth(width: number) {
  (globalThis as { __viewportWidth?: number }).__viewportWidth = width;
}

// antd (and the app's breakpoints) need window.matchMedia, which the simulated DOM only stubs. This one
// evaluates min-width / max-width queries against the width a test chose.
function evaluate(query: string): boolean {
  const width = (globalThis as { __viewportWidth?: number }).__viewportWidth ?? 1280;
  const parts = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (parts.length === 0) return false;
  return parts.every(([, kind, px]) => (kind === "min" ? width >= Number(px) : width <= Number(px)));
}

Object.defineProperty(window, "matchMedia", {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    get matches() {
      return evaluate(query);
    },
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// antd measures elements; a simulated DOM has no layout.
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
window.scrollTo = () => {};

// Style sheets keep only what decides whether an element is shown (tests/web/visibility-css.ts).
if (!process.env.FULL_CSS) keepOnlyVisibilityRules(window);

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
