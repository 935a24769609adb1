// The search copies' snapshot files (server/search/snapshots.ts): engines made over this app's
// database keep theirs in SEARCH_SNAPSHOT_DIR, and a closing process writes every copy that
// changed since its last snapshot, so the next start reads it back and catches up from there.
import fp from "fastify-plugin";
import { keepSearchSnapshots, searchEnginesOf } from "../search/engine.js";

export default fp(
  async (app) => {
    const dir = app.config.searchSnapshotDir;
    if (!dir) return;
    keepSearchSnapshots(app.db, dir);
    app.addHook("onClose", async () => {
      for (const engine of searchEnginesOf(app.db)) {
        await engine.saveSnapshot().catch((err) => app.log.error({ err }, `search snapshot for ${engine.def.name} could not be written`));
      }
    });
  },
  { name: "search-snapshots" },
);
