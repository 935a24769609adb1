import { useEffect, useState } from "react";

function matches(query: string): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(query).matches;
}

/** Whether a CSS media query matches now, updated as the window resizes. */
export function useMediaQuery(query: string): boolean {
  const [value, setValue] = useState(() => matches(query));
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const list = window.matchMedia(query);
    const onChange = () => setValue(list.matches);
    onChange();
    list.addEventListener?.("change", onChange);
    return () => list.removeEventListener?.("change", onChange);
  }, [query]);
  return value;
}

// The specification's breakpoints.
export const DRAWER_QUERY = "(max-width: 575.98px)"; // side menu becomes a drawer under 576px
export const COLLAPSED_QUERY = "(max-width: 767.98px)"; // side menu starts collapsed under 768px
export const NARROW_TOPBAR_QUERY = "(max-width: 769.98px)"; // top-bar links move into the avatar menu under 770px
export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)"; // the system asks for less animation
