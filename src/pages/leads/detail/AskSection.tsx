// 'Ask about this lead': a question answered from the project's documents and fields (rag/).
// The answer's [n] markers point at numbered citations; each expands to its passage.
import { QuestionCircleOutlined } from "@ant-design/icons";
import { useCustomMutation } from "@refinedev/core";
import { Alert, Button, Collapse, Input, Space, Tag, Typography } from "antd";
import { useState } from "react";
import type { RagAnswer, RagCitation } from "../api";

const MODE_LABELS: Record<string, string> = {
  llm: "AI model",
  offline: "Offline retrieval",
  extractive: "Extracted from the project's documents and fields",
  retrieval: "Offline retrieval",
  fallback: "Offline retrieval (AI model unavailable)",
};

function citationText(c: RagCitation): string {
  return String(c.text ?? c.passage ?? c.snippet ?? c.content ?? "");
}

function citationTitle(c: RagCitation, n: number): string {
  const source = c.title ?? c.source ?? c.document_title ?? c.field;
  return `[${c.n ?? n}] ${source ? String(source) : "Passage"}`;
}

/** The answer with each [n] as a reference to citation n. */
function AnswerText({ text, count, onCite }: { text: string; count: number; onCite: (n: string) => void }) {
  const parts = text.split(/(\[\d+\])/g);
  return (
    <Typography.Paragraph className="rag-answer">
      {parts.map((p, i) => {
        const m = /^\[(\d+)\]$/.exec(p);
        if (m && Number(m[1]) >= 1 && Number(m[1]) <= count) {
          return (
            <sup key={i}>
              <a
                href={`#citation-${m[1]}`}
                className="rag-ref"
                aria-label={`Citation ${m[1]}`}
                onClick={(e) => {
                  e.preventDefault();
                  onCite(m[1]);
                  document.getElementById(`citation-${m[1]}`)?.scrollIntoView?.({ block: "nearest" });
                }}
              >
                {p}
              </a>
            </sup>
          );
        }
        return <span key={i}>{p}</span>;
      })}
    </Typography.Paragraph>
  );
}

export function AskSection({ leadId }: { leadId: string }) {
  const [question, setQuestion] = useState("");
  const [open, setOpen] = useState<string[]>([]);
  const { mutate, mutation: ask } = useCustomMutation<RagAnswer>();
  const submit = () => {
    const q = question.trim();
    // The HTTP layer shows a refusal's toast; the message also shows under the box.
    if (q && !ask.isPending) mutate({ url: "rag/", method: "post", values: { works_id: Number(leadId), question: q }, errorNotification: false });
  };
  const answer = ask.data?.data;
  const citations = answer?.citations ?? [];

  return (
    <div className="ask-section">
      <Space.Compact block>
        <Input
          aria-label="Question about this lead"
          placeholder="e.g. Who is the architect? What is the built-up area?"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          onPressEnter={submit}
          maxLength={500}
          prefix={<QuestionCircleOutlined />}
        />
        <Button type="primary" onClick={submit} loading={ask.isPending} disabled={!question.trim()}>
          Ask
        </Button>
      </Space.Compact>
      {ask.isError && <Alert type="error" showIcon message={ask.error.message} className="ask-error" />}
      {answer && (
        <div className="ask-answer" aria-live="polite">
          <AnswerText text={answer.answer} count={citations.length} onCite={(n) => setOpen((o) => (o.includes(n) ? o : [...o, n]))} />
          {answer.mode && <Tag>{MODE_LABELS[answer.mode] ?? answer.mode}</Tag>}
          {citations.length > 0 && (
            <Collapse
              size="small"
              className="rag-citations"
              activeKey={open}
              onChange={(keys) => setOpen(Array.isArray(keys) ? keys.map(String) : [String(keys)])}
              items={citations.map((c, i) => ({
                key: String(i + 1),
                label: <span id={`citation-${i + 1}`}>{citationTitle(c, i + 1)}</span>,
                children: <Typography.Paragraph className="rag-passage">{citationText(c) || "—"}</Typography.Paragraph>,
              }))}
            />
          )}
        </div>
      )}
    </div>
  );
}
