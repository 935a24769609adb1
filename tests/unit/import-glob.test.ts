// The glob the import command line matches itself (server/ingest/glob.ts): shell rules, on a real folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expandBraces, globSync, hasGlobSyntax, segmentRegExp } from "../../server/ingest/glob.js";

let root: string;
const files = ["a/final_2.csv", "a/final_10.csv", "a/notes.txt", "a/.hidden.csv", "a/b/deep.csv", "a/b/c/deeper.csv", "a/.git/x.csv", "z[1].csv", "other/x.json"];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "glob-test-"));
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    fs.writeFileSync(path.join(root, f), "x");
  }
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("segmentRegExp", () => {
  it.each([
    ["*.csv", "final.csv", true],
    ["*.csv", "final.csv.bak", false],
    ["*.csv", ".hidden.csv", false],
    [".*.csv", ".hidden.csv", true],
    ["final_?.csv", "final_2.csv", true],
    ["final_?.csv", "final_10.csv", false],
    ["[a-c]x", "bx", true],
    ["[!a-c]x", "bx", false],
    ["[!a-c]x", "dx", true],
    ["a.b", "aXb", false],
    ["(x)+", "(x)+", true],
  ])("%s against %s: %s", (pattern, name, match) => {
    expect(segmentRegExp(pattern).test(name)).toBe(match);
  });
});

describe("expandBraces", () => {
  it("expands alternatives, nested ones, and leaves a brace without a comma", () => {
    expect(expandBraces("x.{csv,json}")).toEqual(["x.csv", "x.json"]);
    expect(expandBraces("{a,b{1,2}}/c")).toEqual(["a/c", "b1/c", "b2/c"]);
    expect(expandBraces("{x}.csv")).toEqual(["{x}.csv"]);
  });
});

describe("globSync", () => {
  const g = (pattern: string) => globSync(pattern, root);
  it("matches within one folder, in natural order, without hidden files", () => {
    expect(g("a/*.csv")).toEqual(["a/final_2.csv", "a/final_10.csv"]);
  });
  it("** matches any depth, none included, but not inside hidden folders", () => {
    expect(g("a/**/*.csv")).toEqual(["a/b/c/deeper.csv", "a/b/deep.csv", "a/final_2.csv", "a/final_10.csv"]);
    expect(g("**/deep*.csv")).toEqual(["a/b/c/deeper.csv", "a/b/deep.csv"]);
  });
  it("answers folders too, braces, escaped brackets, absolute patterns, and nothing for no match", () => {
    expect(g("a/*")).toEqual(["a/b", "a/final_2.csv", "a/final_10.csv", "a/notes.txt"]);
    expect(g("{a,other}/*.{csv,json}")).toEqual(["a/final_2.csv", "a/final_10.csv", "other/x.json"]);
    expect(g("z\\[1\\].csv")).toEqual(["z[1].csv"]);
    expect(globSync(path.join(root, "a/b/*.csv"))).toEqual([path.join(root, "a/b/deep.csv")]);
    expect(g("nowhere/*.csv")).toEqual([]);
  });
  it("tells glob syntax from a plain path", () => {
    expect(hasGlobSyntax("data/*.csv")).toBe(true);
    expect(hasGlobSyntax("data/final.csv")).toBe(false);
  });
});
