// A button that opens a dropdown menu (antd's Dropdown), as screen readers and the keyboard
// expect (issue 21): the button says whether its menu is open (aria-expanded, aria-haspopup),
// the open menu takes focus, and after a pick focus returns to the button instead of dropping
// to the page's body with the closed menu.
import { useCallback, useRef, useState } from "react";

export function useMenuButton<T extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const button = useRef<T>(null);
  /** Closes the menu and puts focus back on its button (a menu item's onClick calls it). */
  const picked = useCallback(() => {
    setOpen(false);
    // After antd has closed the menu (its item had focus).
    setTimeout(() => button.current?.focus(), 0);
  }, []);
  return {
    picked,
    /** For the Dropdown: controlled open, focus into the menu when it opens. */
    dropdown: { open, onOpenChange: (next: boolean) => setOpen(next), autoFocus: true },
    /** For the button. */
    button: { ref: button, "aria-expanded": open, "aria-haspopup": "menu" as const },
  };
}
