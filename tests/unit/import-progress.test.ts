// The import command line's progress (server/ingest/import-progress.ts): a redrawn line with bar,
// files, rate and ETA on a terminal; no control codes anywhere else.
import { describe, expect, it } from "vitest";
import { createProgress, duration, progressText } from "../../server/ingest/import-progress.js";

/** A stream standing in for stdout, and a clock the test moves. */
function fakeOut(isTTY: boolean, columns = 200) {
  const writes: string[] = [];
  return { writes, isTTY, columns, write: (s: string) => writes.push(s) };
}
function fakeClock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("progressText", () => {
  it("shows the fraction by bytes, files, files per second and the time left", () => {
    const text = progressText({ filesDone: 1000, filesTotal: 4000, bytesDone: 25, bytesTotal: 100, rows: 4500, elapsedMs: 20_000 });
    expect(text).toBe(" 25%  1,000/4,000 files  50.0 files/s  ETA 1m 00s");
  });
  it("shows rows per second for a single file, and no ETA before a second has gone by or when done", () => {
    expect(progressText({ filesDone: 0, filesTotal: 1, bytesDone: 50, bytesTotal: 100, rows: 2_00_000, elapsedMs: 10_000 })).toBe(" 50%  0/1 files  2,00,000 rows  20,000 rows/s  ETA 10s");
    expect(progressText({ filesDone: 1, filesTotal: 10, bytesDone: 1, bytesTotal: 100, rows: 3, elapsedMs: 500 })).not.toContain("ETA");
    expect(progressText({ filesDone: 10, filesTotal: 10, bytesDone: 100, bytesTotal: 100, rows: 30, elapsedMs: 5000 })).not.toContain("ETA");
  });
  it("formats durations", () => {
    expect([duration(4_400), duration(75_000), duration(7_500_000)]).toEqual(["4s", "1m 15s", "2h 05m"]);
  });
});

describe("createProgress", () => {
  it("on a terminal: one line redrawn in place, at most 10 times a second, never wider than the terminal, ended before the report", () => {
    const out = fakeOut(true, 70);
    const clock = fakeClock();
    const p = createProgress(out, 2, clock.now);
    p.onRun({ bytesRead: 0, bytesTotal: 200, rowsRead: 0 });
    p.onFile("/data/final_2022_CD_25879_1.csv", false);
    clock.advance(50);
    p.onRun({ bytesRead: 50, bytesTotal: 200, rowsRead: 2 }); // too soon: not drawn
    clock.advance(1000);
    p.onFile("/data/final_2022_CD_25879_1.csv", true);
    expect(out.writes).toHaveLength(2);
    // 69 characters: the line is cut to the terminal's width (less one, so it never wraps).
    expect(out.writes[1]).toBe("\r[#####---------------]  25%  1/2 files  1.0 files/s  ETA 3s  final_20\x1b[K");
    p.end();
    expect(out.writes.slice(-2)).toEqual([expect.stringMatching(/^\r\[#{20}\] 100%  2\/2 files/), "\n"]);
  });

  it("a terminal of unknown size (0 columns) gets an 80-column line", () => {
    const out = fakeOut(true, 0);
    const p = createProgress(out, 5495, fakeClock().now);
    p.onRun({ bytesRead: 0, bytesTotal: 100, rowsRead: 0 });
    expect(out.writes[0]).toMatch(/^\r\[-{20}\]   0%  0\/5,495 files\s*\x1b\[K$/);
  });

  it("elsewhere (CI, a pipe): no control codes; quiet for 30 s, then a plain line at most every 30 s", () => {
    const out = fakeOut(false);
    const clock = fakeClock();
    const p = createProgress(out, 3, clock.now);
    for (let i = 0; i < 50; i++) {
      clock.advance(500);
      p.onRun({ bytesRead: i, bytesTotal: 300, rowsRead: i });
    }
    expect(out.writes).toEqual([]);
    clock.advance(30_000);
    p.onRun({ bytesRead: 150, bytesTotal: 300, rowsRead: 150 });
    p.onFile("/data/b.csv", false);
    p.end();
    expect(out.writes).toEqual(["progress:  50%  0/3 files  0.0 files/s  ETA 55s\n"]);
    expect(out.writes.join("")).not.toMatch(/[\r\x1b]/);
  });
});
