// The build's framework chunk (scripts/chunk-groups.ts, vite.config.ts) takes exactly the packages
// it lists: each matches as the bundler names its modules, and nothing beside them (antd's
// components, packages whose names start alike, the app's own files) rides along.
import { describe, expect, it } from "vitest";
import { FRAMEWORK_CHUNK, FRAMEWORK_PACKAGES, SHARED_HELPERS_CHUNK } from "../../scripts/chunk-groups";

const ROOT = "/work/app";
const inFramework = (id: string) => FRAMEWORK_CHUNK.test.test(id);

/** Each listed path, its `(a|b)` alternatives spelled out. */
function listedPaths(): string[] {
  return FRAMEWORK_PACKAGES.flatMap((entry) => {
    const either = /^(.*)\(([^)]*)\)(.*)$/.exec(entry);
    return either ? either[2].split("|").map((alt) => `${either[1]}${alt}${either[3]}`) : [entry];
  });
}

describe("the framework chunk", () => {
  it("takes a module of every package it lists", () => {
    const paths = listedPaths();
    expect(paths).toContain("react-dom");
    expect(paths).toContain("@refinedev/devtools-shared");
    expect(paths).toContain("antd/es/locale");
    for (const p of paths) {
      expect(inFramework(`${ROOT}/node_modules/${p}/index.js`), p).toBe(true);
      expect(inFramework(`C:\\app\\node_modules\\${p.replaceAll("/", "\\")}\\index.js`), `${p} (Windows path)`).toBe(true);
    }
  });

  it.each([
    "/node_modules/react/cjs/react.production.js",
    "/node_modules/react-dom/cjs/react-dom-client.production.js",
    "/node_modules/scheduler/cjs/scheduler.production.js",
    "/node_modules/react-router/dist/production/index.mjs",
    "/node_modules/@refinedev/core/dist/index.mjs",
    "/node_modules/@refinedev/react-router/dist/index.mjs",
    "/node_modules/@tanstack/react-query/build/modern/useQuery.js",
    "/node_modules/lodash-es/isEqual.js",
    "/node_modules/qs/lib/stringify.js",
    "/node_modules/@ant-design/cssinjs/es/hooks/useStyleRegister.js",
    "/node_modules/@ant-design/fast-color/es/FastColor.js",
    "/node_modules/@babel/runtime/helpers/esm/objectSpread2.js",
    "/node_modules/rc-util/es/hooks/useEvent.js",
    "/node_modules/classnames/index.js",
    "/node_modules/stylis/dist/stylis.mjs",
    "/node_modules/@emotion/hash/dist/emotion-hash.esm.js",
    "/node_modules/antd/es/theme/internal.js",
    "/node_modules/antd/es/locale/en_US.js",
    "/node_modules/antd/es/version/index.js",
    // A copy nested under another package is the same package.
    "/node_modules/antd/node_modules/rc-util/es/warning.js",
  ])("takes %s", (id) => {
    expect(inFramework(`${ROOT}${id}`)).toBe(true);
  });

  it.each([
    // antd's components and their shared parts would bring Collapse, Empty … to the sign-in pages.
    "/node_modules/antd/es/config-provider/index.js",
    "/node_modules/antd/es/_util/hooks/useZIndex.js",
    "/node_modules/antd/es/button/index.js",
    "/node_modules/antd/es/theme-extra/index.js",
    "/node_modules/antd/lib/theme/index.js",
    // Packages whose names start like listed ones.
    "/node_modules/react-is/cjs/react-is.production.js",
    "/node_modules/react-markdown/lib/index.js",
    "/node_modules/react-router-dom/dist/index.mjs",
    "/node_modules/rc-util-extra/index.js",
    "/node_modules/qs-esm/index.js",
    "/node_modules/@refinedev/antd/dist/index.mjs",
    "/node_modules/@ant-design/icons/es/icons/StarOutlined.js",
    "/node_modules/@ant-design/cssinjs-extra/index.js",
    // The app's own files, even where their folder is named like a package.
    "/src/main.tsx",
    "/src/pages/dashboard/DashboardPage.tsx",
    "/src/lib/format.ts",
    "/src/react/index.ts",
  ])("leaves %s out", (id) => {
    expect(inFramework(`${ROOT}${id}`)).toBe(false);
  });
});

describe("the shared helpers chunk", () => {
  it("takes src/hooks and src/lib, not src/components or packages", () => {
    const shared = (id: string) => SHARED_HELPERS_CHUNK.test.test(id);
    expect(shared(`${ROOT}/src/lib/format.ts`)).toBe(true);
    expect(shared(`${ROOT}/src/hooks/useRefreshIdentity.ts`)).toBe(true);
    expect(shared(`${ROOT}/src/components/page/Panel.tsx`)).toBe(false);
    expect(shared(`${ROOT}/src/pages/profile/useProfileUpdate.ts`)).toBe(false);
    expect(SHARED_HELPERS_CHUNK.minShareCount).toBe(2);
  });
});
