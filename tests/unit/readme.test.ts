// README is read in a fresh clone, alone: it names no file outside the repository, and every
// file or folder of the repository it names exists.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const TOP_FOLDERS = ["server", "src", "common", "tests", "scripts", "bench", "public", ".ci"];

/** Paths in `code` spans and (links), up to the first space or glob. */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`|\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? m[2]);
  return spans.flatMap((span) => span.split(/\s+/)).filter((word) => /^(\.\.?\/|[\w.-]+\/)/.test(word));
}

describe("README", () => {
  it("names no file outside the repository", () => {
    expect(namedPaths(readme).filter((p) => p.startsWith("../"))).toEqual([]);
    expect(readme).not.toMatch(/\.\.\/shared/);
  });

  it("every repository path it names exists", () => {
    const inRepo = namedPaths(readme)
      .map((p) => p.replace(/^\.\//, "").replace(/[),.:;]+$/, ""))
      .filter((p) => TOP_FOLDERS.includes(p.split("/")[0]) && !/[*{<]/.test(p));
    expect(inRepo.length).toBeGreaterThan(5);
    expect(inRepo.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });
});
