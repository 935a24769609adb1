// A snapshot that cannot be written because the database is gone for a moment is not a fault
// to raise an alarm over (the next change writes one): it is said plainly, without an error.
// A write that fails for any other reason is still logged as an error, with its cause.
import os from "node:os";
import { describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.js";
import { SnapshotKeeper } from "../../server/search/snapshots.js";
import { ColumnStore } from "../../server/search/store.js";
import { projectsIndex } from "../../server/search/indexes/projects.js";

function keeperFailingWith(err: Error) {
  const logged: { msg: string; err?: unknown }[] = [];
  const db = { query: async () => Promise.reject(err) } as unknown as Db;
  const keeper = new SnapshotKeeper(db, projectsIndex, os.tmpdir(), (msg, e) => logged.push({ msg, err: e }));
  return { keeper, logged };
}

describe("a snapshot write while the database is away", () => {
  it("is told without an error when the database is unavailable, and as an error otherwise", async () => {
    const store = new ColumnStore(projectsIndex);
    await store.loadText({} as Db); // an empty copy: its text is ready without a query
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const away = keeperFailingWith(refused);
    expect(await away.keeper.save(store)).toBe(false);
    expect(away.logged).toEqual([{ msg: "search snapshot for projects not written: the database is unavailable (the next change writes it)", err: undefined }]);

    const broken = keeperFailingWith(new Error('relation "search_snapshots" does not exist'));
    expect(await broken.keeper.save(store)).toBe(false);
    expect(broken.logged).toHaveLength(1);
    expect(broken.logged[0].err).toBeInstanceOf(Error);
  });
});
