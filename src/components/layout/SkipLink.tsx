// "Skip to content": the first Tab stop of a shell, hidden until focused; it moves focus to the
// page's h1 (or the main area while the page loads), past the side menu and the top bar.
import type { MouseEvent } from "react";

export const MAIN_CONTENT_ID = "main-content";

/** Focus the page's h1 inside the main area, or the main area itself; false when there is none. */
export function focusMainContent(): boolean {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return false;
  const heading = main.querySelector<HTMLElement>("h1");
  const target = heading ?? main;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
  return true;
}

export function SkipLink() {
  // A real in-page link (it works with no script and reads as a link), followed by script so the
  // router's URL keeps no #fragment and focus lands on the heading, not only the scroll position.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    if (focusMainContent()) event.preventDefault();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to content
    </a>
  );
}
