// The search copies' settings (server/search): the search workers' pool size and the smallest
// copy they search, the hot standby they load from (DATABASE_REPLICA_URL), and where the
// copies' snapshot files are kept. Engines made over this app's
// database from now on use them; a closing process writes every copy that changed since its
// last snapshot, so the next start reads it back and catches up from there.
import fp from "fastify-plugin";
import { configureWorkerMinRows } from "../search/copy-search.js";
import { openDb } from "../db/client.js";
import { keepSearchSnapshots, readSearchCopiesFrom, searchEnginesOf } from "../search/engine.js";
import { configureSearchPool } from "../search/pool.js";

export default fp(
  async (app) => {
    configureSearchPool(app.config.searchWorkers);
    configureWorkerMinRows(app.config.searchWorkerMinRows);
    if (app.config.databaseReplicaUrl && app.db.kind === "postgres") {
      const replica = await openDb({ databaseUrl: app.config.databaseReplicaUrl });
      readSearchCopiesFrom(app.db, replica);
      app.addHook("onClose", async () => {
        await replica.close();
      });
    }
    const dir = app.config.searchSnapshotDir;
    if (!dir) return;
    keepSearchSnapshots(app.db, dir);
    app.addHook("onClose", async () => {
      for (const engine of searchEnginesOf(app.db)) {
        await engine.saveSnapshot().catch((err) => app.log.error({ err }, `search snapshot for ${engine.def.name} could not be written`));
      }
    });
  },
  { name: "search" },
);
