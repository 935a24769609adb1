// antd components the app draws itself instead, so that pages do not download what those bring:
// Card imports Tabs and rc-tabs (≈ 18 KB gz) for a tab list the app never shows; the app's Panel
// (src/components/page/Panel.tsx) is the box. tests/unit/bundle-budget.test.ts checks the build.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../../src");

const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(tsx?|jsx?)$/.test(e.name) ? [full] : [];
  });

/** The names a module imports from antd (import { A, B as C } from "antd"; antd/es/card…). */
function antdImports(code: string): string[] {
  const names: string[] = [];
  for (const m of code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+["']antd["']/g)) {
    for (const part of m[1].split(",")) {
      const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  for (const m of code.matchAll(/from\s+["']antd\/(?:es|lib)\/([\w-]+)/g)) names.push(`antd/${m[1]}`);
  return names;
}

describe("antd imports in src/", () => {
  it("reads names from every form of import", () => {
    expect(antdImports(`import { Button, Card as Box, type CardProps } from "antd";\nimport Tabs from "antd/es/card";`)).toEqual(["Button", "Card", "CardProps", "antd/card"]);
  });

  it("no module imports antd's Card (use Panel from src/components/page/Panel)", () => {
    const offenders = sources(SRC).filter((file) => {
      const names = antdImports(fs.readFileSync(file, "utf8"));
      return names.includes("Card") || names.includes("antd/card");
    });
    expect(offenders.map((f) => path.relative(SRC, f))).toEqual([]);
  });
});
