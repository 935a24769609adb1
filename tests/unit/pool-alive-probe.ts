// A script for tests/unit/search-pool-alive.test.ts: nothing but a search worker's task keeps this
// process alive while it waits for the answer (here, an error answer: the task is empty).
import { SearchPool } from "../../server/search/pool.js";

const pool = new SearchPool(1);
await pool.whenReady();
const answer = await pool.run({} as never, {} as never)!.then(
  () => "answered",
  (err: Error) => `refused: ${err.message}`,
);
console.log(JSON.stringify({ answer }));
process.exit(0);
