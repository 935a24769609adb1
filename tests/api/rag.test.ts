// 'Ask about this lead': extractive answers with citations over seeded leads, and an
// OpenAI-compatible endpoint (a tiny local server here) with fallback on failure and timeout.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../../server/ingest/seed.js";
import { NO_ANSWER, sentences } from "../../server/modules/ai/rag.js";
import { renumber } from "../../server/modules/ai/llm.js";
import { startTestApp, type TestContext } from "./harness.js";
import { api, subscriber, type Session } from "./lead-fixture.js";

interface Call { auth: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }
let t: TestContext;
let llmApp: TestContext;
let a: ReturnType<typeof api>;
let sub: Session;
let server: http.Server;
let mode: "ok" | "error" | "slow" | "empty" = "ok";
const calls: Call[] = [];
let seeded: { id: number; specs: { item: string; spec: string }[]; body: string }[];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.url !== "/v1/chat/completions" || req.method !== "POST") return res.writeHead(404).end();
      calls.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      if (mode === "error") return res.writeHead(500, { "content-type": "application/json" }).end('{"error":"boom"}');
      if (mode === "slow") return void setTimeout(() => res.writeHead(200).end("{}"), 1500);
      const content = mode === "empty" ? "" : "The concrete is M30 grade [2], per the brief [2].";
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t = await startTestApp();
  // The same leads, answered by an app that has an LLM endpoint configured.
  llmApp = await startTestApp({ llmBaseUrl: url, llmApiKey: "test-key", llmModel: "tiny-model", llmTimeoutMs: 500 }, { sameDbAs: t });
  await seedDemoData(t.db, { projects: 150, tenders: 0, companies: 40, users: false, seed: 5 });
  a = api(t);
  sub = await subscriber(t);
  seeded = (await t.db.query<{ id: number; specs: { item: string; spec: string }[]; body: string }>(
    // Documents that state a concrete grade (a lead's brief; its BOQ summary or drawings list need not).
    `SELECT project_id AS id, specs, body FROM project_documents WHERE specs @> '[{"item": "Concrete"}]' ORDER BY project_id LIMIT 5`,
  )).rows;
}, 120_000);
afterAll(async () => {
  await llmApp.close();
  await t.close();
  server.close();
});

const ask = (works_id: number, question: string, s: Session = sub, app = a) => app.post(`/api/rag/`, s, { works_id, question });

describe("extractive answers", () => {
  it("answers 'What grade of concrete?' with the lead's concrete grade from its documents, citing the passages", async () => {
    expect(seeded.length).toBeGreaterThan(0);
    for (const doc of seeded) {
      const grade = doc.specs.find((s) => s.item === "Concrete")!.spec;
      const res = await ask(doc.id, "What grade of concrete?");
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.mode).toBe("extractive");
      expect(body.answer).toContain(grade);
      expect(body.answer).toContain("[1]");
      expect(body.citations.length).toBeGreaterThan(0);
      const c = body.citations[0];
      expect(c).toMatchObject({ source: "document" });
      expect(c.passage).toContain(grade);
      expect(c.end - c.start).toBe(c.passage.length);
      // A body citation's offsets point at the passage in the document.
      for (const cite of body.citations.filter((x: { title: string; source: string }) => !x.title.endsWith("(specifications)") && x.source === "document")) {
        expect(doc.body.slice(cite.start, cite.end)).toBe(cite.passage);
      }
    }
  });

  it("answers from the lead's fields (status, completion) with field citations", async () => {
    const p = (await t.db.query<{ id: number; status: string; state: string }>(`SELECT id, status, state FROM projects ORDER BY id LIMIT 1`)).rows[0];
    const res = (await ask(p.id, "What is the current status?")).json();
    expect(res.answer).toContain(p.status);
    expect(res.citations[0]).toMatchObject({ source: "field", title: "Status" });
    const where = (await ask(p.id, "Which location / state is it in?")).json();
    expect(where.answer).toContain(p.state);
  });

  it("says so when nothing matches; refuses unknown leads (404), blank or missing questions (400), no token (401)", async () => {
    const id = seeded[0].id;
    const none = (await ask(id, "xylophone quokka")).json();
    expect(none).toEqual({ answer: NO_ANSWER, citations: [], mode: "extractive" });
    expect((await ask(987654, "What grade of concrete?")).statusCode).toBe(404);
    expect((await ask(id, "   ")).json()).toEqual({ question: ["This field may not be blank."] });
    expect((await a.post(`/api/rag/`, sub, { works_id: id })).json()).toEqual({ question: ["This field is required."] });
    expect((await a.post(`/api/rag/`, sub, { works_id: "x", question: "q" })).statusCode).toBe(400);
    expect((await a.post(`/api/rag/`, sub, { works_id: id, question: "q".repeat(501) })).statusCode).toBe(400);
    expect((await a.post(`/api/rag/`, null, { works_id: id, question: "q" })).statusCode).toBe(401);
    // Question text is data, never SQL or tsquery syntax.
    for (const q of ["'; DROP TABLE projects; --", "a & | ! ( ) :* <->", "\\'\\"]) expect((await ask(id, q)).statusCode).toBe(200);
  });

  it("splits sentences with offsets, keeping decimals and abbreviations", () => {
    const text = "Height 3.15 m per floor. Cost Rs. 5 crore! Done";
    expect(sentences(text).map((s) => s.text)).toEqual(["Height 3.15 m per floor.", "Cost Rs. 5 crore!", "Done"]);
    for (const s of sentences(text)) expect(text.slice(s.start, s.end)).toBe(s.text);
  });
});

describe("with an OpenAI-compatible endpoint (LLM_BASE_URL, LLM_API_KEY)", () => {
  let la: ReturnType<typeof api>;
  let ls: Session;
  let docProject: number;
  beforeAll(async () => {
    la = api(llmApp);
    ls = await subscriber(llmApp);
    docProject = (await llmApp.db.query<{ id: number }>(`SELECT project_id AS id FROM project_documents ORDER BY project_id LIMIT 1`)).rows[0].id;
  });

  it("sends the top passages and the question, and answers with the passages it cited, renumbered", async () => {
    mode = "ok";
    calls.length = 0;
    const res = await ask(docProject, "What grade of concrete?", ls, la);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.mode).toBe("llm");
    expect(body.answer).toBe("The concrete is M30 grade [1], per the brief [1].");
    expect(body.citations).toHaveLength(1);
    expect(calls).toHaveLength(1);
    expect(calls[0].auth).toBe("Bearer test-key");
    expect(calls[0].body.model).toBe("tiny-model");
    const user = calls[0].body.messages.find((m) => m.role === "user")!.content;
    expect(user).toContain("Question: What grade of concrete?");
    expect(user).toMatch(/\[1\] \(document: /);
    // The cited passage is the second one sent.
    const second = user.split("\n").find((l) => l.startsWith("[2] "))!;
    expect(second).toContain(body.citations[0].passage);
  });

  it.each(["error", "slow", "empty"] as const)("falls back to the extractive answer when the endpoint fails (%s)", async (m) => {
    mode = m;
    const res = await ask(docProject, "What grade of concrete?", ls, la);
    expect(res.statusCode).toBe(200);
    expect(res.json().mode).toBe("extractive");
    expect(res.json().answer).toMatch(/M\d\d/);
    mode = "ok";
  });

  it("renumbers citations in order of first use and drops numbers it was not given", () => {
    const ps = [1, 2, 3].map((i) => ({ source: "field" as const, title: `T${i}`, passage: `p${i}`, start: 0, end: 2 }));
    expect(renumber("A [3] and B [1] and C [9].", ps)).toEqual({ answer: "A [1] and B [2] and C.", citations: [ps[2], ps[0]] });
    expect(renumber("No citations.", ps).citations).toEqual(ps);
  });
});
