// antd's component styles written out at build time, so a browser does not compute them on every
// page open. antd 5 builds each component's CSS in the page the first time the component renders
// (CSS-in-JS: token merging, stylis, hashing, a <style> tag each); a profile of opening a lister
// showed about a fifth of the page's own JavaScript time there. This Vite plugin renders, in Node,
// every antd component the app imports (and those antd renders inside them) under the app's themes,
// keeps the CSS antd produced (@ant-design/cssinjs's extractStyle, the documented way to ship antd's
// styles as a file) and links it first in index.html. The file ends with antd's cache-path map: antd
// in the page reads it and takes the file's styles for every component the file has, computing only
// what it lacks (so a missed component is slower, never unstyled). The price: one stylesheet of
// ≈ 50 KB brotli, cached for good after the first visit (`npm run bench` prints its size).
//
// One file per theme the app can show (src/theme.ts), each linked with the media query that picks
// it: the usual one, and the still one (animations off) for people whose system asks for reduced
// motion. A browser applies one of them, and antd reads that one's map. The dev server (`vite`)
// does without: antd builds the styles in the page there, under development class names.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ReactNode } from "react";
import type { Plugin } from "vite";
import type { ThemeConfig } from "antd";
import { stillMenuTheme, themeFor } from "../src/theme";

export interface ThemeStyles {
  /** The stylesheet's name: antd-<name>-<hash>.css. */
  name: string;
  /** The media query that selects its theme (index.html's link says it). */
  media: string;
  css: string;
}

/** Every antd component the app imports by name (src/**: `import { Button, Table } from "antd"`). */
export function importedAntdComponents(srcDir: string): string[] {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const [, list] of fs.readFileSync(full, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"antd"/g)) {
          for (const part of list.split(",")) {
            const name = part.trim();
            if (/^[A-Z]\w*$/.test(name)) names.add(name);
          }
        }
      }
    }
  };
  visit(srcDir);
  return [...names].sort();
}

/**
 * What antd's components render inside themselves (a table's pager and filter menus, a pager's
 * page-size select, a form item's grid…): their styles are needed wherever those are.
 */
const RENDERED_INSIDE = ["Button", "Checkbox", "Col", "Dropdown", "Empty", "Input", "Menu", "Pagination", "Popover", "Radio", "Row", "Select", "Spin", "Tooltip"];

/** One element per component, and one per part or variant that has a style of its own. */
async function elementsFor(names: string[]): Promise<ReactNode[]> {
  const React = await import("react");
  const antd = await import("antd");
  const h = React.createElement;
  const parts: Record<string, () => ReactNode[]> = {
    Dropdown: () => [h(antd.Dropdown, { menu: { items: [] } }, h("span"))],
    Menu: () => [h(antd.Menu, { mode: "inline", items: [{ key: "a", label: "a", children: [{ key: "b", label: "b" }] }] })],
    // Popups build their styles when the component renders, open or not (the popup itself would
    // need a DOM). Not their inline "panels": antd draws those under a theme of their own.
    Tooltip: () => [h(antd.Tooltip, { title: "t" }, h("span"))],
    Popover: () => [h(antd.Popover, { content: "c" }, h("span"))],
    Popconfirm: () => [h(antd.Popconfirm, { title: "t" }, h("span"))],
    Modal: () => [h(antd.Modal, { open: false })],
    Drawer: () => [h(antd.Drawer, { open: false })],
    // The toasts' styles are built when the first toast shows; their panel (not under a theme of
    // its own) builds the same ones.
    message: () => [h(antd.message._InternalPanelDoNotUseOrYouWillBeFired, { content: "m" })],
    Space: () => [h(antd.Space), h(antd.Space.Compact, null, h(antd.Input), h(antd.Button))],
    Input: () => [h(antd.Input), h(antd.Input.TextArea), h(antd.Input.Search), h(antd.Input.Password)],
    Layout: () => [h(antd.Layout, null, h(antd.Layout.Sider), h(antd.Layout.Header), h(antd.Layout.Content))],
    Form: () => [h(antd.Form, null, h(antd.Form.Item, { label: "l", name: "n" }, h(antd.Input)))],
    DatePicker: () => [h(antd.DatePicker), h(antd.DatePicker.RangePicker)],
    // A preset colour ("blue") and a status ("success") each bring a style of their own.
    Tag: () => [h(antd.Tag), h(antd.Tag, { color: "blue" }), h(antd.Tag, { color: "success" }), h(antd.Tag.CheckableTag, { checked: false })],
    Typography: () => [h(antd.Typography.Title), h(antd.Typography.Text), h(antd.Typography.Paragraph), h(antd.Typography.Link)],
  };
  const antdByName = antd as unknown as Record<string, React.FC | undefined>;
  return [...new Set([...names, ...RENDERED_INSIDE, "message"])].flatMap((name) => {
    const made = parts[name]?.() ?? (antdByName[name] ? [h(antdByName[name])] : []);
    return made.map((element, index) => h(React.Fragment, { key: `${name}-${index}` }, element));
  });
}

/** The CSS antd builds for these components under one theme (and the side menu's still theme within it). */
async function stylesFor(theme: ThemeConfig, names: string[]): Promise<string> {
  const React = await import("react");
  const { renderToString } = await import("react-dom/server");
  const { ConfigProvider, Menu } = await import("antd");
  const { StyleProvider, createCache, extractStyle } = await import("@ant-design/cssinjs");
  const h = React.createElement;
  const cache = createCache();
  const menu = h(ConfigProvider, { theme: stillMenuTheme }, h(Menu, { mode: "inline", theme: "dark", items: [{ key: "a", label: "a" }] }));
  renderToString(h(StyleProvider, { cache }, h(ConfigProvider, { theme }, ...(await elementsFor(names)), menu)));
  return extractStyle(cache, { plain: true });
}

export async function antdThemeStyles(srcDir: string): Promise<ThemeStyles[]> {
  // antd names its CSS classes css-… in a production build and css-dev-only-… otherwise; the file
  // must use the build's names, and antd reads NODE_ENV once, when first imported.
  if (process.env.NODE_ENV !== "production") throw new Error("antd's static styles are built with NODE_ENV=production (vite build sets it)");
  const names = importedAntdComponents(srcDir).filter((name) => name !== "ConfigProvider");
  // Each visitor's browser applies one of the two (and antd reads that one's map).
  return [
    { name: "usual", media: "not all and (prefers-reduced-motion: reduce)", css: await stylesFor(themeFor(false), names) },
    { name: "still", media: "(prefers-reduced-motion: reduce)", css: await stylesFor(themeFor(true), names) },
  ];
}

/** Vite plugin (build only): emits each theme's CSS as a hashed asset and links it first in <head>. */
export function antdStaticStyles(): Plugin {
  let files: Promise<{ fileName: string; media: string; css: string }[]>;
  let srcDir = path.resolve("src");
  return {
    name: "infrascout:antd-static-styles",
    apply: "build",
    configResolved(config) {
      srcDir = path.join(config.root, "src");
    },
    buildStart() {
      files = antdThemeStyles(srcDir).then((themes) =>
        themes.map(({ name, media, css }) => {
          const hash = createHash("sha256").update(css).digest("base64url").slice(0, 8);
          return { fileName: `assets/antd-${name}-${hash}.css`, media, css };
        }),
      );
      files.catch(() => undefined); // reported where it is awaited
    },
    async generateBundle() {
      for (const { fileName, css } of await files) this.emitFile({ type: "asset", fileName, source: css });
    },
    transformIndexHtml: {
      // Before the app's own stylesheet, so the app's rules win where both style an element, as
      // they did over antd's runtime <style> tags (which antd puts first in <head>).
      handler: async () =>
        (await files).map(({ fileName, media }) => ({
          tag: "link",
          attrs: { rel: "stylesheet", href: `/${fileName}`, media },
          injectTo: "head-prepend" as const,
        })),
    },
  };
}
