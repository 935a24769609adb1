// Whether this page is being left (a typed address, a reload, a link to another site). The
// browser then cancels the page's requests in flight, and their failures say nothing about the
// server or the session: the page that made them is going away.
//
// Chromium rejects those fetches right after `beforeunload`, before `pagehide` (seen in the
// end-to-end tests: beforeunload; fetch rejected (TypeError); pagehide). So beforeunload marks
// the page as leaving — for a moment only, since a navigation that never happens (a download, a
// prompt answered "stay") fires it too and leaves the page in use.
const LEAVING_WINDOW_MS = 2_000;

let leaving = false;
let stayed: ReturnType<typeof setTimeout> | undefined;

if (typeof window !== "undefined") {
  window.addEventListener("beforeunload", () => {
    leaving = true;
    clearTimeout(stayed);
    stayed = setTimeout(() => (leaving = false), LEAVING_WINDOW_MS);
  });
  // A page the browser kept and shows again (back/forward cache) is in use again.
  window.addEventListener("pageshow", () => (leaving = false));
}

export const pageIsLeaving = (): boolean => leaving;
