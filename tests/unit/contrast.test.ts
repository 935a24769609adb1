// WCAG 2.1 AA contrast of the theme's colours (issue 21): text 4.5:1, large text and UI parts 3:1,
// computed with WCAG's relative-luminance formula, translucent colours blended onto their background.
import { presetPalettes } from "@ant-design/colors";
import { theme as antdTheme } from "antd";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { A11Y_COLOURS, PAGE_BG, TAG_TEXT_COLOURS, theme } from "../../src/theme";

type Rgb = [number, number, number];

function parse(colour: string): { rgb: Rgb; alpha: number } {
  const c = colour.trim().toLowerCase();
  const hex = /^#([0-9a-f]{6})$/.exec(c);
  if (hex) return { rgb: [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16)) as Rgb, alpha: 1 };
  const fn = /^rgba?\(([^)]+)\)$/.exec(c);
  if (!fn) throw new Error(`not a colour: ${colour}`);
  const parts = fn[1].split(",").map((p) => Number(p.trim()));
  return { rgb: [parts[0], parts[1], parts[2]], alpha: parts[3] ?? 1 };
}

/** The colour as seen on an opaque background. */
function flatten(colour: string, background: string): Rgb {
  const fg = parse(colour);
  const bg = parse(background).rgb;
  return fg.rgb.map((v, i) => v * fg.alpha + bg[i] * (1 - fg.alpha)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(colour: string, background: string): number {
  const a = luminance(flatten(colour, background));
  const b = luminance(parse(background).rgb);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const WHITE = "#ffffff";
const TEXT = 4.5;
const token = antdTheme.getDesignToken(theme);

describe("the formula", () => {
  it("gives WCAG's known values", () => {
    expect(contrast("#000000", WHITE)).toBeCloseTo(21, 5);
    expect(contrast("#8c8c8c", WHITE)).toBeCloseTo(3.36, 2); // antd's old secondary text
    expect(contrast("rgba(0, 0, 0, 0.45)", WHITE)).toBeCloseTo(3.36, 1);
    expect(contrast("#faad14", WHITE)).toBeCloseTo(1.9, 1); // the old closing hint
  });
});

describe("theme tokens: text on white and on the page background", () => {
  const texts = {
    colorText: token.colorText,
    colorTextSecondary: token.colorTextSecondary,
    colorTextTertiary: token.colorTextTertiary,
    colorTextDescription: token.colorTextDescription,
    colorTextPlaceholder: token.colorTextPlaceholder,
    colorSuccessText: token.colorSuccessText,
    colorWarningText: token.colorWarningText,
    colorErrorText: token.colorErrorText,
    colorInfoText: token.colorInfoText,
    colorLink: token.colorLink,
    colorPrimary: token.colorPrimary,
  };
  for (const [name, colour] of Object.entries(texts)) {
    it(`${name} ${colour}: ≥ 4.5:1 on white and on ${PAGE_BG}`, () => {
      expect(contrast(colour, WHITE)).toBeGreaterThanOrEqual(TEXT);
      expect(contrast(colour, PAGE_BG)).toBeGreaterThanOrEqual(TEXT);
    });
  }

  it("secondary text is on antd's light tints too (selected rows, info and success boxes)", () => {
    for (const bg of [token.colorInfoBg, token.colorSuccessBg, token.colorWarningBg, token.colorErrorBg, "#f2f4f7", "#fafafa"]) {
      expect(contrast(A11Y_COLOURS.textSecondary, bg), bg).toBeGreaterThanOrEqual(TEXT);
    }
  });

  it("a form field's error message; a danger button's text on white and white on its fill", () => {
    expect(contrast(theme.components!.Form!.colorError!, WHITE)).toBeGreaterThanOrEqual(TEXT);
    expect(contrast(theme.components!.Button!.colorError!, WHITE)).toBeGreaterThanOrEqual(TEXT);
  });

  it("a table's and a list's 'No data'", () => {
    expect(contrast(theme.components!.List!.colorTextDisabled!, WHITE)).toBeGreaterThanOrEqual(TEXT);
    expect(contrast(theme.components!.Table!.colorTextDisabled!, WHITE)).toBeGreaterThanOrEqual(TEXT);
    const tableCss = readFileSync(new URL("../../src/components/page/data-table.css", import.meta.url), "utf8");
    const empty = /\.data-table-empty td\)\s*\{[^}]*color:\s*([^;]+);/.exec(tableCss)?.[1];
    expect(empty).toBeTruthy();
    expect(contrast(empty!, WHITE)).toBeGreaterThanOrEqual(TEXT);
  });

  it("white text on the primary colour (primary buttons, the selected menu item)", () => {
    expect(contrast(WHITE, token.colorPrimary)).toBeGreaterThanOrEqual(TEXT);
  });

  it("the calendar's other-month days (its disabled-grey token) and the date picker's", () => {
    const components = theme.components!;
    expect(contrast(components.Calendar!.colorTextDisabled!, WHITE)).toBeGreaterThanOrEqual(TEXT);
    expect(contrast(components.DatePicker!.colorTextDisabled!, WHITE)).toBeGreaterThanOrEqual(TEXT);
  });
});

describe("tags: every preset colour's text on its background, and the status tags'", () => {
  const overrides = TAG_TEXT_COLOURS as Record<string, string>;
  for (const name of ["blue", "purple", "cyan", "green", "magenta", "red", "orange", "yellow", "volcano", "geekblue", "lime", "gold"]) {
    it(name, () => {
      const palette = presetPalettes[name];
      const text = overrides[`${name}7`] ?? palette[6];
      expect(contrast(text, palette[0])).toBeGreaterThanOrEqual(TEXT);
    });
  }
  it("success, processing, error, warning", () => {
    const tag = theme.components!.Tag as Record<string, string>;
    expect(contrast(tag.colorSuccess, token.colorSuccessBg)).toBeGreaterThanOrEqual(TEXT);
    expect(contrast(tag.colorInfo, token.colorInfoBg)).toBeGreaterThanOrEqual(TEXT);
    expect(contrast(tag.colorError, token.colorErrorBg)).toBeGreaterThanOrEqual(TEXT);
    expect(contrast(tag.colorWarning, token.colorWarningBg)).toBeGreaterThanOrEqual(TEXT);
  });
  it("a default tag's text", () => {
    expect(contrast(token.colorText, "#fafafa")).toBeGreaterThanOrEqual(TEXT);
  });
});

describe("global CSS (src/styles.css) colours", () => {
  const css = readFileSync(new URL("../../src/styles.css", import.meta.url), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  /** The colour of the first rule whose selector list contains `selector`. */
  const colourOf = (selector: string): string => {
    const colourIn = (rule: string) => /(?:^|[;{\s])color:\s*([^;]+);/.exec(rule)?.[1];
    const rule = css.split("}").find((block) => block.split("{")[0].split(",").some((s) => s.trim() === selector) && colourIn(block));
    const colour = rule && colourIn(rule);
    if (!colour) throw new Error(`no colour for ${selector}`);
    return colour.replace(/\s*!important/, "");
  };
  const cases: [string, string][] = [
    [".text-secondary", WHITE],
    [".text-warning", WHITE],
    [".auth-subtitle", WHITE],
    [".auth-optional", WHITE],
    [".auth-secondary", WHITE],
    [".auth-switch", WHITE],
    [".error-page-text", WHITE],
    [":root .facet-count", "#f2f4f7"],
    [".skip-link", "#ffffff"],
    [".auth-message", WHITE],
  ];
  for (const [selector, bg] of cases) {
    it(`${selector} on ${bg}`, () => {
      expect(contrast(colourOf(selector), bg)).toBeGreaterThanOrEqual(TEXT);
    });
  }
  it("the focus ring: 3:1 against white, the page and the dark side menu", () => {
    const ring = /--focus-ring:\s*([^;]+);/.exec(css)?.[1];
    const ringDark = /--focus-ring-on-dark:\s*([^;]+);/.exec(css)?.[1];
    expect(ring && ringDark).toBeTruthy();
    expect(contrast(ring!, WHITE)).toBeGreaterThanOrEqual(3);
    expect(contrast(ring!, PAGE_BG)).toBeGreaterThanOrEqual(3);
    expect(contrast(ringDark!, "#0f2a3d")).toBeGreaterThanOrEqual(3);
    expect(contrast(ringDark!, "#1b6fb5")).toBeGreaterThanOrEqual(3); // the selected item
  });
});
