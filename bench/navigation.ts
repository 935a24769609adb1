// npm run bench, part of it: moving between the listers from the side menu, click to rows, in
// Chromium (issue 17 point 7: ≤ 200 ms median, ≤ 400 ms worst). Measured in the page: from the
// menu click to the first frame where the new lister's rows are on screen and nothing is
// loading. Baseline, measured in the same run and page: the list request alone (the same API
// call the lister makes, from the page), so a busy machine slows both and the ratio stays
// comparable. Also the page's JavaScript heap before and after the round trips.
//
//   npm run build && npx tsx bench/navigation.ts     (BENCH_NAV_ROUNDS, default 4 rounds of 5 moves)
//
// The server runs from the built app on a free port with its own embedded database
// (BENCH_NAV_DATA_DIR, default /tmp/infrascout-bench-nav: 5,000 demo projects on first run).
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "@playwright/test";
import { chromiumPath } from "../tests/e2e/browser.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROUNDS = Number(process.env.BENCH_NAV_ROUNDS ?? 4);
const DATA_DIR = process.env.BENCH_NAV_DATA_DIR ?? "/tmp/infrascout-bench-nav";
const DEMO = { username: "demo@infrascout.test", password: "Demo@12345" };

/** The listers in menu order, with the list request each makes for its first page. */
const MOVES = [
  { path: "/private-industrial-leads", api: "/api/list/search/?page=1&filter=category:industrial" },
  { path: "/live-tenders", api: "/api/list/tenders/search/?page=1" },
  { path: "/results", api: "/api/list/results/search/?page=1" },
  { path: "/builders", api: "/api/list/company/search/?page=1" },
  { path: "/private-construction-leads", api: "/api/list/search/?page=1&filter=category:construction" },
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR, LOG_LEVEL: "warn", DATABASE_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error("the server did not start within 5 minutes");
}

/** A person's pointer reaches a link about this long before the click lands. */
const HOVER_BEFORE_CLICK_MS = 150;

/**
 * Click a menu link and time, in the page, until the new lister shows rows and is idle. With
 * `hover`, the pointer rests on the link first, as a person's does (the menu prefetches then).
 */
async function timedMove(page: Page, to: string, hover: boolean): Promise<number> {
  if (hover) {
    await page.locator(`.ant-menu a[href="${to}"]`).hover();
    await page.waitForTimeout(HOVER_BEFORE_CLICK_MS);
  }
  return page.evaluate(
    (path) =>
      new Promise<number>((resolve, reject) => {
        const link = document.querySelector<HTMLAnchorElement>(`aside a[href="${path}"], nav a[href="${path}"], .ant-menu a[href="${path}"]`);
        if (!link) return reject(new Error(`no menu link to ${path}`));
        const ROWS = ".lister-results .data-table-row";
        // The old lister stays on screen until the new one renders: its rows are marked, and only
        // a page of unmarked rows counts.
        for (const row of document.querySelectorAll(ROWS)) row.setAttribute("data-bench-old", "");
        const started = performance.now();
        const ready = () => {
          const results = document.querySelector(".lister-results");
          const rows = document.querySelectorAll(ROWS);
          const fresh = rows.length > 0 && !document.querySelector(`${ROWS}[data-bench-old]`);
          return location.pathname === path && results?.getAttribute("aria-busy") === "false" && fresh;
        };
        const frame = () => {
          if (ready()) return resolve(performance.now() - started);
          if (performance.now() - started > 20_000) return reject(new Error(`${path} did not show rows in 20 s`));
          requestAnimationFrame(frame);
        };
        link.click();
        requestAnimationFrame(frame);
      }),
    to,
  );
}

/** The same list request from the page, timed there (the baseline). */
async function timedRequest(page: Page, api: string, token: string): Promise<number> {
  return page.evaluate(
    async ([url, auth]) => {
      const started = performance.now();
      const response = await fetch(url, { headers: { Authorization: `Token ${auth}`, Accept: "application/json" } });
      await response.json();
      return performance.now() - started;
    },
    [api, token] as const,
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${Math.round(x)} ms`;
const heapMb = (page: Page) => page.evaluate(() => ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 1e6);

async function main() {
  const port = await freePort();
  const server = await startServer(port);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--enable-precise-memory-info"] });
  try {
    const base = `http://127.0.0.1:${port}`;
    const { token } = (await (await fetch(`${base}/api/login/`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(DEMO) })).json()) as { token: string };
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // tsx keeps function names with a __name helper the page does not have.
    await page.addInitScript({ content: "globalThis.__name = (f) => f;" });
    await page.goto(`${base}/login`);
    await page.evaluate(([t, e]) => {
      localStorage.setItem("infrascout_token", t);
      localStorage.setItem("infrascout_email", e);
    }, [token, DEMO.username] as const);
    await page.goto(`${base}/private-construction-leads`);
    await page.locator(".lister-results[aria-busy='false'] .data-table-row").first().waitFor({ timeout: 60_000 });
    const heapBefore = await heapMb(page);

    const moves: number[] = [];
    const hovered: number[] = [];
    const timed: { ms: number; to: string; round: number }[] = [];
    const requests: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const move of MOVES) {
        // Alternate: a bare click (a script, a touch screen) and a click after the pointer rested.
        const ms = await timedMove(page, move.path, round % 2 === 1);
        (round % 2 === 0 ? moves : hovered).push(ms);
        timed.push({ ms, to: move.path, round });
        requests.push(await timedRequest(page, move.api, token));
      }
    }
    const heapAfter = await heapMb(page);
    const first = moves.slice(0, MOVES.length);
    console.log(`\nMoving between listers from the side menu (${ROUNDS} rounds of ${MOVES.length} moves, bare clicks and clicks after a ${HOVER_BEFORE_CLICK_MS} ms hover alternating; 1280 px, Chromium headless shell)`);
    console.log(`  bare click to rows: median ${ms(median(moves))}, worst ${ms(Math.max(...moves))}; first visit of each: median ${ms(median(first))}, worst ${ms(Math.max(...first))}`);
    console.log(`  after a hover, click to rows: median ${ms(median(hovered))}, worst ${ms(Math.max(...hovered))}`);
    console.log(`  baseline, the same list request alone from the page: median ${ms(median(requests))}, worst ${ms(Math.max(...requests))}`);
    console.log(`  ratio (median move / median request): bare ×${(median(moves) / median(requests)).toFixed(1)}, hovered ×${(median(hovered) / median(requests)).toFixed(1)}; target median ≤ 200 ms, worst ≤ 400 ms`);
    const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, 3);
    console.log(`  slowest moves: ${slowest.map((t) => `${t.to} ${ms(t.ms)} (round ${t.round + 1}, ${t.round % 2 ? "hovered" : "bare"})`).join("; ")}`);
    console.log(`  page JS heap: ${heapBefore.toFixed(1)} MB after the first lister, ${heapAfter.toFixed(1)} MB after the moves (×${(heapAfter / heapBefore).toFixed(2)})`);
  } finally {
    await browser.close();
    server.kill();
  }
}

await main();
