// The error pages show antd Result's illustrations from public/result/ (scripts/result-images.ts
// wrote them). They must be antd's own, as the installed antd draws them, and reachable as files.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RESULT_IMAGES_DIR, resultImages } from "../../scripts/result-images";

describe("the error pages' illustrations", () => {
  it("are the installed antd's Result images (else: npx tsx scripts/result-images.ts)", () => {
    const expected = resultImages();
    expect(Object.keys(expected).sort()).toEqual(["403.svg", "404.svg", "500.svg"]);
    for (const [name, text] of Object.entries(expected)) {
      expect(fs.readFileSync(path.join(RESULT_IMAGES_DIR, name), "utf8"), name).toBe(text);
    }
  });

  it("are standalone SVG files a browser shows as images", () => {
    for (const name of ["403.svg", "404.svg", "500.svg"]) {
      const text = fs.readFileSync(path.join(RESULT_IMAGES_DIR, name), "utf8");
      expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="25')).toBe(true);
      expect(text).toMatch(/<\/svg>\n$/);
    }
  });
});
