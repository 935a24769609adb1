// aria-required where it is allowed (issue 21). antd 5's Form.Item marks a required field's
// control with aria-required, and for a Select or a checkbox/radio group that lands on the outer
// <div>, where ARIA does not allow it (axe: aria-allowed-attr; antd issues #46030, #49508, fixed
// only in antd 6). In one place for the whole app: a Select's requiredness moves to its combobox
// input (which supports it and has the field's label); a group's is dropped (a group role does
// not support it either; the label's asterisk and the validation message say it).
const MISPLACED = ".ant-select[aria-required], .ant-checkbox-group[aria-required], .ant-radio-group[aria-required]";

export function repairRequired(el: Element) {
  const value = el.getAttribute("aria-required");
  el.removeAttribute("aria-required");
  if (el.matches(".ant-select") && value) el.querySelector("input[role=combobox]")?.setAttribute("aria-required", value);
}

export function repairAll(root: ParentNode) {
  if (root instanceof Element && root.matches(MISPLACED)) repairRequired(root);
  root.querySelectorAll(MISPLACED).forEach(repairRequired);
}

/** Repairs what is there and whatever is added or re-marked later; returns the stop. */
export function watchFormControlAria(root: HTMLElement = document.body): () => void {
  repairAll(root);
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes" && r.target instanceof Element && r.target.matches(MISPLACED)) repairRequired(r.target);
      r.addedNodes.forEach((node) => node instanceof Element && repairAll(node));
    }
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-required"] });
  return () => observer.disconnect();
}
