// The search settings are checked when the server starts: a wrong value stops it, naming the
// setting, instead of failing every large search later.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.js";

describe("search settings", () => {
  it("take whole numbers, default to a worker per core, and refuse anything else by name", () => {
    expect(loadConfig({ SEARCH_WORKERS: "0", SEARCH_WORKER_MIN_ROWS: "5000" })).toMatchObject({ searchWorkers: 0, searchWorkerMinRows: 5000 });
    expect(loadConfig({}).searchWorkers).toBeGreaterThan(0);
    for (const [name, value] of [["SEARCH_WORKERS", "two"], ["SEARCH_WORKERS", "-1"], ["SEARCH_WORKERS", "1.5"], ["SEARCH_WORKERS", "1000"], ["SEARCH_WORKER_MIN_ROWS", "-5"]]) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
  });
  it("keep snapshots beside the data unless told where, or told off", () => {
    expect(loadConfig({ DATA_DIR: "/srv/infrascout" }).searchSnapshotDir).toBe("/srv/infrascout/search-snapshots");
    expect(loadConfig({ SEARCH_SNAPSHOT_DIR: "off" }).searchSnapshotDir).toBeNull();
  });
});
