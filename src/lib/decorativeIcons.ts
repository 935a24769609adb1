// Decorative icons out of accessible names (issue 21), in one place for the whole app: antd's icons
// render <span role="img" aria-label="star">, so a button "★ Save search" was read "star Save
// search" and a link "⬇ Export CSV" "download Export CSV". An icon beside text says nothing the
// text does not: it gets aria-hidden. An icon that is the only content of its control (an icon
// button without text) keeps its name, and so does one given its own aria-label (one that is not
// just the icon's file name), which the code gave it on purpose.

/** Where an icon's meaning is judged: the nearest control or text block around it. */
const CONTAINER =
  "button, a, label, summary, [role=button], [role=link], [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], [role=tab], [role=option], [role=switch], [role=checkbox], [role=radio], .ant-tag, .ant-alert, .ant-typography, .ant-empty-description, h1, h2, h3, h4, h5, h6, p, li, td, th, dt, dd";

const ICON = ".anticon[role=img]:not([aria-hidden])";

/** The icon's own name: antd's default aria-label is its class' name (anticon-star → 'star'). */
function hasDefaultName(icon: Element): boolean {
  const label = icon.getAttribute("aria-label");
  return label === null || icon.classList.contains(`anticon-${label}`);
}

/** Does the container say something in text besides its icons? */
function hasOtherText(container: Element, icon: Element): boolean {
  for (const node of Array.from(container.childNodes)) {
    if (node === icon) continue;
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.textContent?.trim()) return true;
    } else if (node instanceof Element) {
      if (node.matches(".anticon") || node.getAttribute("aria-hidden") === "true") continue;
      if (node.contains(icon) ? hasOtherText(node, icon) : node.textContent?.trim()) return true;
    }
  }
  return false;
}

export function hideDecorativeIcon(icon: Element) {
  if (!hasDefaultName(icon)) return;
  const container = icon.parentElement?.closest(CONTAINER);
  if (container && hasOtherText(container, icon)) icon.setAttribute("aria-hidden", "true");
}

/** Every icon in or at `root`. */
export function hideDecorativeIcons(root: ParentNode) {
  if (root instanceof Element && root.matches(ICON)) hideDecorativeIcon(root);
  root.querySelectorAll(ICON).forEach(hideDecorativeIcon);
}

/**
 * Watch the document: icons rendered now and later (pages, menus, drawers, popups). Returns the
 * stop. Cheap: only added nodes are looked at, and a text change rechecks its control's icons.
 */
export function watchDecorativeIcons(root: HTMLElement = document.body): () => void {
  hideDecorativeIcons(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "characterData") {
        const container = record.target.parentElement?.closest(CONTAINER);
        if (container) hideDecorativeIcons(container);
        continue;
      }
      record.addedNodes.forEach((node) => {
        if (node instanceof Element) {
          hideDecorativeIcons(node);
          // Text or an icon added beside an icon already there ("Save" + "d" → the icon's control).
          const container = node.parentElement?.closest(CONTAINER);
          if (container) hideDecorativeIcons(container);
        } else if (node.nodeType === Node.TEXT_NODE) {
          const container = node.parentElement?.closest(CONTAINER);
          if (container) hideDecorativeIcons(container);
        }
      });
    }
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
