// Which Chromium the end-to-end tests drive. Playwright cannot download its own browsers here, so
// it is Debian's: the "old headless" shell (package chromium-headless-shell) when installed, else
// the full browser. Playwright starts the full browser with --headless, which since Chromium 132
// is the whole desktop browser without a window; the shell leaves that machinery out. Measured on
// this 2-core machine, builders + auth specs back to back: 116 s wall / 61 CPU-s with the full
// browser, 86 s / 43 CPU-s with the shell. CHROMIUM_PATH picks another build.
import fs from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_BROWSER = "/usr/bin/chromium";

export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER;
}
