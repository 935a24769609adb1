// After a route change (a new path, not a new query string: filters, sorting and paging stay where
// they are), focus moves to the new page's h1, so keyboard and screen-reader users start at the
// page they opened instead of the document's top or the link that is gone. Not on the first load:
// the browser starts at the top of the document, with the skip link first.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { MAIN_CONTENT_ID } from "./SkipLink";

/** How long a page may take to show its h1 (a lazy page's code, a detail's first frame). */
const WAIT_MS = 5000;

function pageHeading(): HTMLElement | null {
  return document.getElementById(MAIN_CONTENT_ID)?.querySelector<HTMLElement>("h1") ?? null;
}

function focusHeading(heading: HTMLElement) {
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  // A field inside the new page may already have taken focus on purpose (autofocus): keep it.
  const active = document.activeElement;
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (active instanceof HTMLElement && main?.contains(active) && active.matches("input, textarea, select, [contenteditable]")) return;
  heading.focus({ preventScroll: true });
}

export function useRouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const now = pageHeading();
    if (now) {
      focusHeading(now);
      return;
    }
    // The page is still loading (its code or its first data): wait for its h1.
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    const observer = new MutationObserver(() => {
      const heading = pageHeading();
      if (heading) {
        stop();
        focusHeading(heading);
      }
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
