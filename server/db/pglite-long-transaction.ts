// A long transaction on PGlite (a whole import, minutes) that does not hold every other request
// back. PGlite is one connection: while a transaction is open nothing can run outside it, so the
// client would queue every other statement until it ends (the staff member could not even poll
// the import's progress: signing a request in reads auth_tokens).
//
// Instead, a statement from another caller that only reads, and reads no table this transaction
// has written (nor a view over one), runs inside it between its statements: in a savepoint, made
// read-only, rolled back after. Such a statement sees exactly what is committed, so it answers
// as it would have without the import. Anything else waits until the transaction ends, as
// before: writes (they would be undone with a failed import), reads of what the import is
// writing (they would see rows that may yet be rolled back), and other transactions.
import type { PGlite, Transaction } from "@electric-sql/pglite";

export interface PassedRead<T> {
  rows: T[];
  affectedRows?: number;
}

/** Tables this transaction has written (it holds RowExclusiveLock on them) and the views over them. */
const WRITTEN_RELATIONS = `
  WITH RECURSIVE written(oid, relname) AS (
    SELECT c.oid, c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
     WHERE l.locktype = 'relation' AND l.pid = pg_backend_pid() AND l.granted
       AND l.mode IN ('RowExclusiveLock', 'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock')
       AND c.relkind IN ('r', 'p', 'm')
    UNION
    SELECT v.oid, v.relname FROM written w
      JOIN pg_depend d ON d.refobjid = w.oid AND d.classid = 'pg_rewrite'::regclass
      JOIN pg_rewrite r ON r.oid = d.objid
      JOIN pg_class v ON v.oid = r.ev_class AND v.oid <> w.oid
  )
  SELECT DISTINCT relname FROM written`;

const READ_ONLY_VIOLATION = "25006";
// A snapshot taken inside the import's transaction would count the import as already seen (the
// search copy records one as its sync point, and would then miss the import's rows for good).
const asksForSnapshot = (sql: string) => /\b(pg_current_snapshot|txid_current_snapshot|pg_current_xact_id|txid_current)\b/i.test(sql);
const looksLikeRead = (sql: string) => /^\s*(\(\s*)*(select|with|values|table)\b/i.test(sql) && !asksForSnapshot(sql);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export interface OpenLongTransaction {
  /** The statement's answer when it could run inside the open transaction; undefined: it must wait. */
  tryRead<T>(sql: string, params: unknown[]): Promise<PassedRead<T> | undefined>;
}

/**
 * Runs fn in one PGlite transaction. While it runs, `open` is handed out (setOpen) so the client
 * can offer other callers' statements to it. fn's statements (through `turn`) and those reads
 * take turns one at a time: a read lands only between two of fn's statements and leaves nothing
 * behind (its savepoint is rolled back).
 */
export async function runLongTransaction<T>(
  db: PGlite,
  fn: (tx: Transaction, turn: <R>(step: () => Promise<R>) => Promise<R>) => Promise<T>,
  setOpen: (open: OpenLongTransaction | null) => void,
): Promise<T> {
  return db.transaction(async (tx) => {
    let queue: Promise<unknown> = Promise.resolve();
    const turn = <R>(step: () => Promise<R>): Promise<R> => {
      const next = queue.then(step, step);
      queue = next.catch(() => undefined);
      return next;
    };
    let closed = false;
    const open: OpenLongTransaction = {
      async tryRead<R>(sql: string, params: unknown[]) {
        if (!looksLikeRead(sql)) return undefined;
        return turn(async () => {
          if (closed) return undefined;
          const written = (await tx.query<{ relname: string }>(WRITTEN_RELATIONS)).rows.map((r) => r.relname);
          if (written.some((name) => new RegExp(`(^|[^\\w$])"?${escapeRegExp(name)}"?($|[^\\w$])`, "i").test(sql))) return undefined;
          try {
            await tx.exec("SAVEPOINT read_through; SET LOCAL transaction_read_only = on");
          } catch {
            return undefined; // fn's transaction is between a failed statement and its rollback: wait
          }
          try {
            return await tx.query<R>(sql, params);
          } catch (err) {
            if ((err as { code?: unknown })?.code === READ_ONLY_VIOLATION) return undefined; // it writes after all: wait
            throw err;
          } finally {
            await tx.exec("ROLLBACK TO SAVEPOINT read_through; RELEASE SAVEPOINT read_through").catch(() => undefined);
          }
        });
      },
    };
    setOpen(open);
    try {
      return await fn(tx, turn);
    } finally {
      closed = true;
      setOpen(null);
      await turn(async () => undefined); // a read already inside finishes before COMMIT/ROLLBACK
    }
  });
}

