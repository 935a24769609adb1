// antd writes ≈ 3,700 CSS rules into the page as its components first render. happy-dom answers
// every getComputedStyle — which Testing Library's role queries and jest-dom's visibility checks
// call for each element they look at — by matching the element against every one of those rules:
// a third of the CPU time of the web tests (profiled: staff.test.tsx, 18.6 of 55.6 s).
//
// What those checks read is whether an element is shown: `display`, `visibility`, `opacity`,
// `content-visibility`, and `pointer-events` (user-event refuses to click what takes no pointer
// events). Every rule that sets one of them is kept, with its selector, @media and !important as
// written; declarations of anything else (colours, sizes, fonts) and rules left empty are dropped
// before happy-dom parses the sheet. What a test can see is unchanged; happy-dom has no layout, so
// the dropped declarations had no effect in it. @keyframes and @font-face go whole.
const SHOWN_PROPERTIES = new Set(["display", "visibility", "opacity", "content-visibility", "pointer-events"]);
const DROPPED_AT_RULES = /^@(?:-[a-z]+-)?(?:keyframes|font-face)\b/i;

/** The index just past the block that opens at `open` (a "{"), skipping quoted text. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = quoteEnd(css, i);
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return css.length;
}

function quoteEnd(css: string, start: number): number {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === quote) return i;
  }
  return css.length;
}

/** Splits a declaration block on ";" outside quotes and parentheses (url(data:…;base64,…)). */
function declarations(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"' || c === "'") i = quoteEnd(body, i);
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === ";" && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  out.push(body.slice(start));
  return out;
}

const keepsShown = (declaration: string) => SHOWN_PROPERTIES.has(declaration.slice(0, declaration.indexOf(":")).trim().toLowerCase());

/** The rules of `css` that can change whether an element is shown, and nothing else. */
export function visibilityRules(css: string): string {
  let out = "";
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf("{", i);
    const semicolon = css.indexOf(";", i);
    if (open < 0) break;
    if (semicolon >= 0 && semicolon < open) {
      i = semicolon + 1; // a statement such as `@layer a, b;`: no rules in it
      continue;
    }
    const prelude = css.slice(i, open).trim();
    const end = blockEnd(css, open);
    const body = css.slice(open + 1, end - 1);
    if (prelude.startsWith("@")) {
      if (!DROPPED_AT_RULES.test(prelude)) {
        const inner = visibilityRules(body);
        if (inner) out += `${prelude}{${inner}}`;
      }
    } else {
      const kept = declarations(body).filter(keepsShown);
      if (kept.length > 0) out += `${prelude}{${kept.join(";")}}`;
    }
    i = end;
  }
  return out;
}

const filtered = new Map<string, string>();

/** Filters every style sheet written through a <style> element's innerHTML or textContent. */
export function keepOnlyVisibilityRules(window: Window & typeof globalThis) {
  const proto = window.HTMLStyleElement.prototype;
  for (const property of ["innerHTML", "textContent"] as const) {
    const original = findDescriptor(proto, property);
    if (!original?.set || !original.get) continue;
    Object.defineProperty(proto, property, {
      configurable: true,
      enumerable: original.enumerable,
      get() {
        return original.get!.call(this);
      },
      set(css: string) {
        let kept = filtered.get(css);
        if (kept === undefined) filtered.set(css, (kept = visibilityRules(String(css ?? ""))));
        original.set!.call(this, kept);
      },
    });
  }
}

function findDescriptor(start: object, property: string): PropertyDescriptor | undefined {
  for (let proto: object | null = start; proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, property);
    if (descriptor) return descriptor;
  }
  return undefined;
}
