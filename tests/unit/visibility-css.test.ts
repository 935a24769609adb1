// The web tests' style filter (tests/web/visibility-css.ts) keeps every rule that decides whether an
// element is shown, exactly as written, and drops the rest.
import { describe, expect, it } from "vitest";
import { visibilityRules } from "../web/visibility-css";

describe("visibilityRules", () => {
  it("keeps display, visibility, opacity and pointer-events with their selectors and !important", () => {
    const css = `:where(.css-x).ant-dropdown-hidden{display:none;color:red}.ant-btn{color:blue;font-size:14px}.a,.b>.c{visibility:hidden!important;margin:0;opacity:0;pointer-events:none}`;
    expect(visibilityRules(css)).toBe(`:where(.css-x).ant-dropdown-hidden{display:none}.a,.b>.c{visibility:hidden!important;opacity:0;pointer-events:none}`);
  });

  it("keeps them inside @media and @layer blocks and drops blocks left empty", () => {
    const css = `@media (max-width:575px){.x{display:none}.y{color:red}}@media print{.z{color:red}}@layer antd{.w{display:flex}}`;
    expect(visibilityRules(css)).toBe(`@media (max-width:575px){.x{display:none}}@layer antd{.w{display:flex}}`);
  });

  it("drops @keyframes and @font-face whole, and layer statements", () => {
    const css = `@layer a, b;@keyframes fade{0%{opacity:0}100%{opacity:1}}@font-face{font-family:x;src:url(x.woff)}.v{display:block}`;
    expect(visibilityRules(css)).toBe(`.v{display:block}`);
  });

  it("is not fooled by ; { } inside quotes or url(…)", () => {
    const css = `.i{background:url("data:image/svg+xml;base64,AA}{==");display:inline-block}.q::before{content:"};{";display:none}`;
    expect(visibilityRules(css)).toBe(`.i{display:inline-block}.q::before{display:none}`);
  });
});
