// An OpenAI-compatible chat completion over the top passages, asked to cite them as [n].
// Any failure (network, status, timeout, an empty or malformed answer) throws; the caller falls
// back to the extractive answer.
import type { Passage } from "./rag.js";

export interface LlmOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export const SYSTEM_PROMPT =
  "You answer questions about one construction or industrial project lead in India, using only the numbered passages given. " +
  "Cite every statement with the passage number in square brackets, like [1]. " +
  "If the passages do not contain the answer, say that the lead's documents do not say. Be brief.";

export async function llmAnswer(opts: LlmOptions, question: string, passages: Passage[]): Promise<{ answer: string; citations: Passage[] }> {
  const context = passages.map((p, i) => `[${i + 1}] (${p.source}: ${p.title}) ${p.passage}`).join("\n");
  const res = await fetch(`${opts.baseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${opts.apiKey}` },
    body: JSON.stringify({
      model: opts.model,
      temperature: 0,
      messages: [
        { role: "system", content: SYSTEM_PROMPT },
        { role: "user", content: `Passages:\n${context}\n\nQuestion: ${question}` },
      ],
    }),
    signal: AbortSignal.timeout(opts.timeoutMs),
  });
  if (!res.ok) throw new Error(`LLM answered ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== "string" || !content.trim()) throw new Error("LLM answer is empty");
  return renumber(content.trim(), passages);
}

/** Keeps the cited passages only, numbered in order of first citation; the answer follows. */
export function renumber(answer: string, passages: Passage[]): { answer: string; citations: Passage[] } {
  const order: number[] = [];
  for (const m of answer.matchAll(/\[(\d+)\]/g)) {
    const n = Number(m[1]);
    if (n >= 1 && n <= passages.length && !order.includes(n)) order.push(n);
  }
  if (!order.length) return { answer, citations: passages };
  const map = new Map(order.map((n, i) => [n, i + 1]));
  return {
    answer: answer.replace(/\[(\d+)\]/g, (all, d) => (map.has(Number(d)) ? `[${map.get(Number(d))}]` : "")).replace(/\s+([.,;])/g, "$1"),
    citations: order.map((n) => passages[n - 1]),
  };
}
