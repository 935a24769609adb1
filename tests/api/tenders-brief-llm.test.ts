// tender/ai-detail/{id}/ with an OpenAI-compatible endpoint configured (a small local peer that
// answers from the numbered passages it is sent, citing the one that holds the answer): the
// brief comes from the model with citations mapped back to their sources; when the endpoint
// fails, times out or cites nothing, the brief is the offline extraction.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenderWorld, type TenderWorld } from "./tender-fixture.js";

type Mode = "ok" | "error" | "slow" | "uncited";
let mode: Mode = "ok";
const calls: { auth?: string; model: string; question: string }[] = [];
let server: http.Server;
let w: TenderWorld;

/** Which passage answers which question: the first line holding the word. */
const KEYWORD: [RegExp, string][] = [
  [/turnover/i, "turnover"],
  [/EMD \(earnest/i, "EMD"],
  [/scope of work/i, "Scope of work"],
  [/key dates/i, "Closing date"],
  [/estimated value/i, "Estimated value"],
];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.url !== "/v1/chat/completions" || req.method !== "POST") return res.writeHead(404).end();
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
      const user = body.messages.find((m) => m.role === "user")!.content;
      const question = user.slice(user.lastIndexOf("Question: ") + 10);
      calls.push({ auth: req.headers.authorization, model: body.model, question });
      if (mode === "error") return res.writeHead(500).end('{"error":"boom"}');
      if (mode === "slow") return void setTimeout(() => res.writeHead(200).end("{}"), 1500);
      let content = "The passages do not say.";
      if (mode === "ok") {
        const word = KEYWORD.find(([q]) => q.test(question))?.[1];
        const line = word ? user.split("\n").find((l) => /^\[\d+\]/.test(l) && l.includes(word)) : undefined;
        if (line) content = `${line.replace(/^\[\d+\] \([^)]*\) /, "")} [${line.match(/^\[(\d+)\]/)![1]}]`;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  w = await tenderWorld({ llmBaseUrl: url, llmApiKey: "test-key", llmModel: "tiny-model", llmTimeoutMs: 500 });
});
afterAll(async () => {
  await w?.close();
  server?.close();
});

const brief = async () => {
  const res = await w.ctx.app.inject({ method: "GET", url: `/api/tender/ai-detail/${w.ids.road}/`, headers: w.headersA });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe("tender brief with a model", () => {
  it("asks the model section by section and keeps its cited passages as the points' citations", async () => {
    mode = "ok";
    calls.length = 0;
    const b = await brief();
    expect(b.generated_by).toBe("llm");
    expect(calls.length).toBe(5);
    expect(calls.every((c) => c.auth === "Bearer test-key" && c.model === "tiny-model")).toBe(true);
    const eligibility = b.points.find((p: { section: string }) => p.section === "eligibility");
    expect(eligibility.text).toContain("turnover of Rs. 5 crore");
    expect(eligibility.text).toContain("[1]");
    expect(eligibility.citations).toEqual([
      { source: "document", source_id: w.docs.nit, source_name: "NIT text.txt", quote: expect.stringContaining("average annual turnover of Rs. 5 crore") },
    ]);
    const fee = b.points.find((p: { section: string }) => p.section === "emd_and_fee");
    expect(fee.citations[0]).toMatchObject({ source: "field", source_name: "EMD" });
    expect(b.points.map((p: { section: string }) => p.section)).toEqual(["scope", "eligibility", "key_dates", "emd_and_fee", "value"]);
    expect(b.missing).toEqual([]);
  });

  it("falls back to the extractive brief when the endpoint fails, times out or cites nothing", async () => {
    for (const m of ["error", "slow", "uncited"] as Mode[]) {
      mode = m;
      const b = await brief();
      expect(b.generated_by, m).toBe("extraction");
      expect(b.points.find((p: { label: string }) => p.label === "Minimum turnover").citations[0].source_id).toBe(w.docs.nit);
    }
  });
});
