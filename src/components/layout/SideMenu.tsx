// The side menu: the spec's groups and items, the current page's item (or its parent list
// for detail pages) highlighted and its groups opened.
import { ConfigProvider, Menu, type MenuProps } from "antd";
import { useEffect, useMemo, useState } from "react";
import { Link, useLocation } from "react-router";
import { useAppAbility } from "../../access/ability";
import { stillMenuTheme } from "../../theme";
import { menuTree, openKeysFor, selectedMenuKey, type MenuNode } from "./menuItems";

function toItems(nodes: MenuNode[]): MenuProps["items"] {
  return nodes.map((n) =>
    n.children
      ? { key: n.key, label: n.label, icon: n.icon, children: toItems(n.children) }
      : { key: n.key, icon: n.icon, label: <MenuLink path={n.path!} label={n.label} /> },
  );
}

/**
 * A menu link that starts loading a lister when the pointer reaches it, the keyboard focuses it or
 * it is pressed (its code, first page and facet counts: components/search/prefetch), so the page
 * finds them on their way instead of asking only once it has rendered. A lister still shown from
 * its cache is not asked again. The prefetch module is itself loaded then, not with the shell.
 */
function MenuLink({ path, label }: { path: string; label: string }) {
  const prefetch = () => void import("../search/prefetch").then((m) => m.prefetchLister(path)).catch(() => undefined);
  return (
    <Link to={path} onPointerEnter={prefetch} onFocus={prefetch} onPointerDown={prefetch} onClick={prefetch}>
      {label}
    </Link>
  );
}

function leafPaths(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => (n.children ? leafPaths(n.children) : n.path ? [n.path] : []));
}

/**
 * Once the page is idle, fetch the code of the menu's listers (all at once: the browser fetches
 * them side by side, each small), so a first click on one (a touch, a script, a quick mouse)
 * waits only for its rows (issue 17 point 7). Not on a connection that asks to save data: there
 * the hover prefetch is the only one.
 */
function usePreloadMenuListers(paths: string[]) {
  useEffect(() => {
    if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void import("../search/prefetch").then((m) => Promise.all(paths.map((path) => m.preloadListerCode(path)))).catch(() => undefined));
    return () => cancelIdle(handle);
  }, [paths]);
}

function groupKeys(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => (n.children ? [n.key, ...groupKeys(n.children)] : []));
}

export function SideMenu({ collapsed, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const ability = useAppAbility();
  const tree = useMemo(() => menuTree(ability), [ability]);
  const selected = selectedMenuKey(pathname);
  usePreloadMenuListers(useMemo(() => leafPaths(tree), [tree]));
  // The whole menu starts open: every group is short, and users scan it rather than hunt.
  const [openKeys, setOpenKeys] = useState<string[]>(() => groupKeys(tree));

  // Open the groups of the current page when navigating (keeping the ones the user opened).
  useEffect(() => {
    const needed = openKeysFor(selected, tree);
    setOpenKeys((keys) => Array.from(new Set([...keys, ...needed])));
  }, [selected, tree]);

  return (
    // No menu motion: when the sider widens, antd also animates every group open from zero height,
    // so the menu showed overlapping half-open groups until both animations ended (issue 17,
    // point 8). The sider's own slide is outside and stays.
    <ConfigProvider theme={stillMenuTheme}>
      <Menu
        mode="inline"
        // A 175px menu needs a small indent for "Private Sector" and its arrow to fit.
        inlineIndent={14}
        theme="dark"
        aria-label="Main menu"
        items={toItems(tree)}
        selectedKeys={selected ? [selected] : []}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={() => onNavigate?.()}
        style={{ borderInlineEnd: 0 }}
      />
    </ConfigProvider>
  );
}
