// Full-text search answered in memory (server/search/text.ts): the same rows and the same order
// as PostgreSQL ranking the same query, without asking the GIN index for plain words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.js";
import { SearchEngine } from "../../server/search/engine.js";
import { ColumnStore } from "../../server/search/store.js";
import { projectsIndex } from "../../server/search/indexes/projects.js";
import { TextIndex } from "../../server/search/text.js";
import { parseTsQuery, rankQueryText } from "../../server/search/tsquery.js";
import type { SearchQuery } from "../../server/search/types.js";
import { insertProject, PROJECTS } from "./search-fixture.js";
import { openMigratedTestDb } from "./harness.js";

let db: Db;
let drop: () => Promise<void>;
const sqlSeen: string[] = [];

// A small vocabulary so words repeat across rows and fields (title A, owner and place B,
// sector C, description D) with several positions each: every branch of ts_rank's sum.
const WORDS = ["tower", "hospital", "cement", "road", "bridge", "metro", "plant", "steel", "warehouse", "school", "pune", "jaipur"];
function randomText(rand: () => number, words: number) {
  return Array.from({ length: words }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");
}
function prng(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
}

beforeAll(async () => {
  ({ db, drop } = await openMigratedTestDb());
  const rand = prng(42);
  for (let i = 0; i < 160; i++) {
    const base = PROJECTS[i % PROJECTS.length];
    await insertProject(db, {
      ...base,
      key: `p${i}`,
      title: `${randomText(rand, 1 + Math.floor(rand() * 4))} ${base.title}`,
      owner: rand() < 0.3 ? `${randomText(rand, 2)} Ltd` : base.owner,
      sector: rand() < 0.3 ? randomText(rand, 1) : base.sector,
      description: randomText(rand, Math.floor(rand() * 12)),
    });
  }
  // Record what the engine asks the database (to tell the in-memory path from the GIN index).
  const query = db.query.bind(db);
  db.query = ((sql: string, params?: unknown[]) => {
    sqlSeen.push(sql);
    return query(sql, params);
  }) as Db["query"];
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: Parameters<Db["transaction"]>[0]) =>
    transaction((tx) =>
      fn({
        ...tx,
        query: ((sql: string, params?: unknown[]) => {
          sqlSeen.push(sql);
          return tx.query(sql, params);
        }) as typeof tx.query,
      }),
    )) as Db["transaction"];
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

const search = (q: string, sort = "relevance"): SearchQuery => ({ q, oq: q, page: 1, sort, fallbackSort: "retrieved_on desc", groups: [], base: [], showUnlocked: false, searchAll: true });

/** Every matching id in PostgreSQL's own order: ts_rank against the rank query, then id desc. */
async function postgresOrder(q: string): Promise<number[]> {
  const tq = (await db.query<{ t: string }>(`SELECT websearch_to_tsquery('english', $1)::text AS t`, [q])).rows[0].t;
  const r = await db.query<{ id: number }>(
    `SELECT id FROM projects WHERE search_vector @@ websearch_to_tsquery('english', $1) ORDER BY ts_rank(search_vector, $2::tsquery) DESC, id DESC`,
    [q, rankQueryText(parseTsQuery(tq)!)],
  );
  return r.rows.map((x) => Number(x.id));
}

describe("tsquery text", () => {
  it("parses PostgreSQL's query text with its operator priorities", () => {
    expect(parseTsQuery("")).toBeNull();
    expect(parseTsQuery("'a' | 'b' & !'c'")).toEqual({
      op: "or",
      left: { op: "word", text: "a", prefix: false, weights: "" },
      right: { op: "and", left: { op: "word", text: "b", prefix: false, weights: "" }, right: { op: "not", arg: { op: "word", text: "c", prefix: false, weights: "" } } },
    });
    expect(parseTsQuery("'new' <-> 'york' & 'it''s':*AB")).toMatchObject({ op: "and", left: { op: "phrase", distance: 1 }, right: { text: "it's", prefix: true, weights: "AB" } });
    expect(parseTsQuery("( 'a' | 'b' ) <3> 'c'")).toMatchObject({ op: "phrase", distance: 3, left: { op: "or" } });
  });
  it("ranks by every distinct word ORed, in PostgreSQL's byte order", () => {
    expect(rankQueryText(parseTsQuery("'tower' & 'hospit' & !'road' & 'tower'")!)).toBe("'hospit' | 'road' | 'tower'");
    expect(rankQueryText(parseTsQuery("'it''s' & 'a\\\\b'")!)).toBe("'a\\\\b' | 'it''s'");
  });
});

describe("scores", () => {
  it("one word's score equals ts_rank's, bit for bit, for any run of weights", async () => {
    const rand = prng(7);
    const letters = ["A", "B", "C", ""];
    for (let i = 0; i < 40; i++) {
      const count = 1 + Math.floor(rand() * 9);
      const codes = Array.from({ length: count }, () => Math.floor(rand() * 4));
      const vector = `'w':${codes.map((c, j) => `${j + 1}${letters[3 - c]}`).join(",")}`;
      const r = await db.query<{ rank: string }>(`SELECT ts_rank($1::tsvector, 'w'::tsquery)::text AS rank`, [vector]);
      const index = new TextIndex();
      index.addRow(0, vector);
      index.seal();
      const tree = parseTsQuery("'w'")!;
      expect(index.ranks(tree, Int32Array.of(0))[0], vector).toBe(Math.fround(Number(r.rows[0].rank)));
    }
  });
});

describe("the in-memory path", () => {
  let cache: SearchEngine;
  let sql: SearchEngine;
  beforeAll(async () => {
    cache = new SearchEngine(db, projectsIndex, "cache");
    sql = new SearchEngine(db, projectsIndex, "sql");
    await cache.warm();
  });
  const all = (engine: SearchEngine, q: string, sort = "relevance") => engine.orderedIds(search(q, sort), { userId: 1 }, 0, 10_000);

  it("finds the same rows in the same order as PostgreSQL, for words, or, not and repeats", async () => {
    const queries = ["tower", "hospital tower", "cement or steel", "metro -pune", "road road bridge", "jaipur or pune -school", "warehouse plant steel", "-tower"];
    for (const q of queries) {
      const expected = await postgresOrder(q);
      expect(expected.length, q).toBeGreaterThan(0);
      expect((await all(cache, q)).ids, q).toEqual(expected);
      expect((await all(sql, q)).ids, q).toEqual(expected);
    }
  });
  it("answers plain words without the GIN index; phrases still ask it", async () => {
    sqlSeen.length = 0;
    const words = await all(cache, "bridge or metro -school");
    expect(words.count).toBeGreaterThan(0);
    expect(sqlSeen.filter((s) => s.includes("@@"))).toEqual([]);
    const phrase = await all(cache, '"steel rolling"');
    expect(phrase.ids).toEqual(await postgresOrder('"steel rolling"'));
    expect(sqlSeen.some((s) => s.includes("@@"))).toBe(true);
  });
  it("parses a new search text once when its list and facets are asked at the same moment", async () => {
    sqlSeen.length = 0;
    const q = search("school or bridge -jaipur");
    const [list, facets] = await Promise.all([cache.orderedIds(q, { userId: 1 }, 0, 20), cache.facets(q, { userId: 1 })]);
    expect(list.count).toBeGreaterThan(0);
    expect(facets.category.reduce((sum, o) => sum + o.count, 0)).toBe(list.count);
    expect(sqlSeen.filter((s) => s.includes("websearch_to_tsquery"))).toHaveLength(1);
  });
  it("keeps up with writes: a changed title is found by its new words, not its old ones, through many catch-ups", async () => {
    const id = (await all(cache, "tower")).ids[0];
    for (let i = 0; i < 20; i++) {
      await db.query(`UPDATE projects SET title = $1 WHERE id = $2`, [`Zeppelinhangar number ${i}`, id]);
      expect((await all(cache, "zeppelinhangar")).ids).toEqual([id]);
    }
    await db.query(`UPDATE projects SET title = 'Plain shed', description = '' WHERE id = $1`, [id]);
    expect((await all(cache, "zeppelinhangar")).count).toBe(0);
    for (const q of ["tower", "shed", "hospital or bridge"]) expect((await all(cache, q)).ids, q).toEqual(await postgresOrder(q));
    await db.query(`DELETE FROM projects WHERE id = $1`, [id]);
    expect((await all(cache, "shed")).count).toBe(0);
  });
  it("a copy loaded in many small chunks (each read while the last is parsed) holds the same rows and words", async () => {
    const whole = new ColumnStore(projectsIndex);
    await whole.loadAll(db);
    await whole.loadText(db);
    const chunked = new ColumnStore(projectsIndex);
    await chunked.loadAll(db, 7);
    await chunked.loadText(db, 7);
    expect(chunked.liveCount).toBe(whole.liveCount);
    expect(Array.from(chunked.ids.subarray(0, chunked.n))).toEqual(Array.from(whole.ids.subarray(0, whole.n)));
    expect(chunked.text!.size).toBe(whole.text!.size);
    for (const word of ["tower", "hospit", "pune"]) {
      const tree = parseTsQuery(`'${word}'`)!;
      expect(Array.from(chunked.text!.matchPositions(tree, chunked.n)), word).toEqual(Array.from(whole.text!.matchPositions(tree, whole.n)));
    }
  });
  it("text loads in a second pass; a row changed between the passes is found by its new words only", async () => {
    const store = new ColumnStore(projectsIndex);
    await store.loadAll(db);
    expect(store.textReady).toBe(false);
    const [{ id }] = (await db.query<{ id: number }>(`SELECT id FROM projects ORDER BY id LIMIT 1`)).rows;
    await db.query(`UPDATE projects SET title = 'Quokkaville depot', description = '', owner_name = NULL WHERE id = $1`, [id]);
    expect(await store.catchUp(db)).toBe(true);
    await store.loadText(db);
    expect(store.textReady).toBe(true);
    const found = (word: string) => {
      const hits = store.text!.matchPositions(parseTsQuery(`'${word}'`)!, store.n);
      return Array.from(hits).filter((p) => store.live[p]).map((p) => store.ids[p]);
    };
    expect(found("quokkavill")).toEqual([Number(id)]);
    const fresh = new ColumnStore(projectsIndex);
    await fresh.loadAll(db);
    await fresh.loadText(db);
    for (const word of ["tower", "hospit", "depot"]) {
      const live = (s: ColumnStore) => {
        const hits = s.text!.matchPositions(parseTsQuery(`'${word}'`)!, s.n);
        return Array.from(hits).filter((p) => s.live[p]).map((p) => s.ids[p]).sort((a, b) => a - b);
      };
      expect(live(store), word).toEqual(live(fresh));
    }
    // and its words are held once: the same rank as in a copy loaded after the change
    const tree = parseTsQuery("'quokkavill' | 'depot'")!;
    const rankIn = (s: ColumnStore) => s.text!.ranks(tree, Int32Array.of(s.position(Number(id))))[0];
    expect(rankIn(store)).toBe(rankIn(fresh));
  });
  it("a search by date or value needs no ranking and finds the same rows", async () => {
    const a = await all(cache, "cement or hospital", "value desc");
    const b = await all(sql, "cement or hospital", "value desc");
    expect(a).toEqual(b);
  });
});
