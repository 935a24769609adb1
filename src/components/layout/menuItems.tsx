// The side menu's items, built from the resource list: groups (resources without a route)
// become submenus, routed resources become links keyed by their list path.
import type { ReactNode } from "react";
import { canUseResource, type AppAbility } from "../../../common/ability";
import { resources, type ResourceMeta } from "../../resources";

export interface MenuNode {
  key: string;
  label: string;
  icon?: ReactNode;
  path?: string;
  children?: MenuNode[];
}

type R = (typeof resources)[number];

const listPath = (r: R): string | undefined => (typeof r.list === "string" ? r.list : undefined);
const meta = (r: R): ResourceMeta => (r.meta ?? {}) as ResourceMeta;

// An item shows when the shared CASL rules (the ones the server enforces) let the user list it.
function visible(r: R, ability: AppAbility): boolean {
  return !meta(r).hide && canUseResource(ability, r.name, "list");
}

function build(parent: string | undefined, ability: AppAbility): MenuNode[] {
  return resources
    .filter((r) => meta(r).parent === parent && visible(r, ability))
    .map((r): MenuNode | null => {
      const path = listPath(r);
      const label = meta(r).label ?? r.name;
      if (path) return { key: path, label, icon: meta(r).icon, path };
      const children = build(r.name, ability);
      return children.length ? { key: `group:${r.name}`, label, icon: meta(r).icon, children } : null;
    })
    .filter((n): n is MenuNode => n !== null);
}

/** The menu tree the user may use (Update Projects only for staff, and not while impersonating). */
export function menuTree(ability: AppAbility): MenuNode[] {
  return build(undefined, ability);
}

/** The path prefix of a route pattern: '/builder/detail/:id' → '/builder/detail/'. */
function routePrefix(route: string): string {
  const i = route.indexOf(":");
  return i >= 0 ? route.slice(0, i) : route;
}

/**
 * The menu item to highlight for a page: its own list path, or the list it belongs to
 * for detail pages (builder detail and contacts → Builders, tender detail → Tenders,
 * result detail → Results).
 */
export function selectedMenuKey(pathname: string): string | undefined {
  let best: { key: string; length: number } | undefined;
  for (const r of resources) {
    const path = listPath(r);
    if (!path || meta(r).hide) continue;
    const candidates = [path, typeof r.show === "string" ? routePrefix(r.show) : undefined, ...(meta(r).highlightOn ?? [])];
    for (const c of candidates) {
      if (!c) continue;
      const hit = c.endsWith("/") ? pathname.startsWith(c) : pathname === c || pathname.startsWith(c + "/");
      if (hit && (!best || c.length > best.length)) best = { key: path, length: c.length };
    }
  }
  return best?.key;
}

/** The submenus that contain a key (to open them on load). */
export function openKeysFor(key: string | undefined, nodes: MenuNode[], trail: string[] = []): string[] {
  if (!key) return [];
  for (const n of nodes) {
    if (n.key === key) return trail;
    if (n.children) {
      const found = openKeysFor(key, n.children, [...trail, n.key]);
      if (found.length) return found;
    }
  }
  return [];
}
