// The notice for old Internet Explorer, shown by a classic script before the app loads.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const script = fs.readFileSync(path.resolve(import.meta.dirname, "../../public/unsupported-browser.js"), "utf8");
const html = fs.readFileSync(path.resolve(import.meta.dirname, "../../index.html"), "utf8");

function runAs(userAgent: string, documentMode?: number) {
  document.body.innerHTML = '<div id="root"></div>';
  Object.defineProperty(window.navigator, "userAgent", { value: userAgent, configurable: true });
  Object.defineProperty(document, "documentMode", { value: documentMode, configurable: true });
  new Function(script)();
  return document.getElementById("root")!.textContent ?? "";
}

afterEach(() => {
  Object.defineProperty(document, "documentMode", { value: undefined, configurable: true });
});

describe("unsupported-browser notice", () => {
  it("is loaded by index.html before the app module", () => {
    expect(html.indexOf('src="/unsupported-browser.js"')).toBeGreaterThan(0);
    expect(html.indexOf('src="/unsupported-browser.js"')).toBeLessThan(html.indexOf('type="module"'));
  });

  it("shows for Internet Explorer 11 and older", () => {
    expect(runAs("Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko", 11)).toMatch(/Your browser is not supported/);
    expect(runAs("Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)")).toMatch(/Internet Explorer/);
  });

  it("stays away from current browsers", () => {
    expect(runAs("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36")).toBe("");
  });
});
