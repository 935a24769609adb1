// The browser build replaces qs's side-channel with src/vendor/side-channel.cjs (vite.config.ts).
// It must behave as the package does for every call qs makes, and qs must still refuse a cycle.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
type Channel = { assert(k: unknown): void; delete(k: unknown): boolean; get(k: unknown): unknown; has(k: unknown): boolean; set(k: unknown, v: unknown): void };
const packaged = require("side-channel") as () => Channel;
const vendored = require("../../src/vendor/side-channel.cjs") as () => Channel;

/** Runs the same calls on a channel and records every answer (or the thrown error's type). */
function script(make: () => Channel): unknown[] {
  const channel = make();
  const object = {};
  const fn = () => undefined;
  const answers: unknown[] = [];
  const record = (call: () => unknown) => {
    try {
      answers.push(call());
    } catch (error) {
      answers.push((error as Error).constructor.name);
    }
  };
  record(() => channel.has(object));
  record(() => channel.get(object));
  record(() => channel.assert(object));
  record(() => channel.delete(object));
  record(() => channel.set(object, 1));
  record(() => channel.set(fn, "f"));
  record(() => channel.set("text", "t"));
  record(() => [channel.get(object), channel.get(fn), channel.get("text"), channel.has(object), channel.has({})]);
  record(() => channel.assert(object));
  record(() => channel.set(object, 2));
  record(() => channel.get(object));
  record(() => [channel.delete(object), channel.delete(object), channel.has(object), channel.get(fn)]);
  return answers;
}

describe("the browser build's side-channel", () => {
  it("answers every call as the package does", () => {
    expect(script(vendored)).toEqual(script(packaged));
  });

  it("keeps qs's cycle check: stringifying a cyclic object still throws", () => {
    // qs as Refine loads it, with the vendored channel put in the package's place in the module cache.
    const id = require.resolve("side-channel", { paths: [require.resolve("qs")] });
    const cached = require.cache[id];
    const qsFiles = Object.keys(require.cache).filter((file) => /[\\/]qs[\\/]lib[\\/]/.test(file));
    for (const file of qsFiles) delete require.cache[file];
    require.cache[id] = { ...cached!, exports: vendored } as NodeJS.Module;
    try {
      const qs = require("qs") as { stringify(o: object, options?: { encode?: boolean }): string; parse(s: string): object };
      const cyclic: Record<string, unknown> = { a: 1 };
      cyclic.self = cyclic;
      expect(() => qs.stringify(cyclic)).toThrow("Cyclic object value");
      const query = "current=2&filters[0][field]=state&filters[0][value][0]=Assam&sorters[0][order]=desc";
      expect(qs.stringify(qs.parse(query), { encode: false })).toBe(query);
    } finally {
      require.cache[id] = cached;
      for (const file of Object.keys(require.cache).filter((f) => /[\\/]qs[\\/]lib[\\/]/.test(f))) delete require.cache[file];
    }
  });
});
