// A search copy loaded from the database in a process of its own, which writes the copy's
// snapshot and exits; the API process then reads the snapshot back (copy.ts). Loading every
// row grows the loader's heap and allocator far beyond the copy it builds (the rows arrive as
// text), and a process keeps that memory after the load: at 1M projects a copy loaded in place
// leaves 290–330 bytes a row resident, one read back from its snapshot 204. The loader's memory
// goes with it.
//
// Started as `node [--import tsx] load-process.{ts,js}` with the index's name as its argument and
// SEARCH_LOAD_URL (the database to read: the standby when there is one), SEARCH_LOAD_PRIMARY_URL
// (where the snapshot's token is written) and SEARCH_LOAD_DIR in its environment (never on its
// command line, which anyone on the machine can read). Prints one JSON line: {rows} or {error}.
import { openDb } from "../db/client.js";
import { indexNamed } from "./indexes/index.js";
import { SnapshotKeeper } from "./snapshots.js";
import { ColumnStore } from "./store.js";

async function main(): Promise<number> {
  const def = indexNamed(process.argv[2] ?? "");
  const { SEARCH_LOAD_URL: url, SEARCH_LOAD_PRIMARY_URL: primaryUrl, SEARCH_LOAD_DIR: dir } = process.env;
  if (!url || !primaryUrl || !dir) throw new Error("SEARCH_LOAD_URL, SEARCH_LOAD_PRIMARY_URL and SEARCH_LOAD_DIR are needed");
  const reads = await openDb({ databaseUrl: url });
  const primary = url === primaryUrl ? reads : await openDb({ databaseUrl: primaryUrl });
  try {
    const store = new ColumnStore(def, 1024);
    await store.loadAll(reads);
    await store.loadText(reads);
    let failure = "";
    const saved = await new SnapshotKeeper(primary, def, dir, (msg, err) => (failure = `${msg}${err instanceof Error ? `: ${err.message}` : ""}`)).save(store);
    if (!saved) throw new Error(failure || "the snapshot was not written");
    console.log(JSON.stringify({ rows: store.liveCount }));
    return 0;
  } finally {
    await reads.close();
    if (primary !== reads) await primary.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.log(JSON.stringify({ error: err instanceof Error ? err.message : String(err) }));
    process.exit(1);
  },
);
