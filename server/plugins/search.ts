// The search copies' settings (server/search): the search workers' pool size and the smallest
// copy they search, the hot standby they load from (DATABASE_REPLICA_URL), and where the
// copies' snapshot files are kept. Engines made over this app's
// database from now on use them; a closing process writes every copy that changed since its
// last snapshot, so the next start reads it back and catches up from there.
import fp from "fastify-plugin";
import { configureWorkerMinRows } from "../search/copy-search.js";
import { openDb, type Db } from "../db/client.js";
import { configureSearchCopies, searchEnginesOf } from "../search/engines.js";
import { configureSearchPool } from "../search/pool.js";

export default fp(
  async (app) => {
    configureSearchPool(app.config.searchWorkers);
    configureWorkerMinRows(app.config.searchWorkerMinRows);
    const { databaseUrl, databaseReplicaUrl, searchSnapshotDir: snapshotDir } = app.config;
    const onServer = app.db.kind === "postgres" && databaseUrl;
    let replica: Db | null = null;
    if (onServer && databaseReplicaUrl) {
      const standby = (replica = await openDb({ databaseUrl: databaseReplicaUrl }));
      app.addHook("onClose", async () => {
        await standby.close();
      });
    }
    configureSearchCopies(app.db, { snapshotDir, replica, urls: onServer ? { primary: databaseUrl, replica: databaseReplicaUrl } : null });
    if (!snapshotDir) return;
    app.addHook("onClose", async () => {
      for (const engine of searchEnginesOf(app.db)) {
        await engine.saveSnapshot().catch((err) => app.log.error({ err }, `search snapshot for ${engine.def.name} could not be written`));
      }
    });
  },
  { name: "search" },
);
