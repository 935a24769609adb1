// Route-level code splitting. A page chunk can fail to load after a deploy (the old file
// names are gone); one full reload fetches the new build. If it fails again, a
// ChunkLoadError is raised for the error boundary instead of reloading forever.
import { lazy, type ComponentType } from "react";

export const CHUNK_RELOAD_FLAG = "infrascout_chunk_reloaded";

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(`Loading a page failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "ChunkLoadError";
  }
}

export async function loadWithReload<T>(load: () => Promise<T>, reload: () => void = () => window.location.reload()): Promise<T> {
  try {
    const module = await load();
    sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
    return module;
  } catch (error) {
    if (sessionStorage.getItem(CHUNK_RELOAD_FLAG) !== "1") {
      sessionStorage.setItem(CHUNK_RELOAD_FLAG, "1");
      reload();
      return new Promise<T>(() => {}); // the page is going away; keep the spinner up
    }
    // The flag stays set until a page loads again, so the error boundary's own single
    // reload cannot start a reload loop here.
    throw new ChunkLoadError(error);
  }
}

/**
 * React.lazy over a module whose default export is the page, with `preload` to fetch its chunk
 * ahead (a menu link under the pointer). A preload that fails is let go: only opening the page
 * reloads for a missing chunk.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take no props from the router
export function lazyPage(load: () => Promise<{ default: ComponentType<any> }>) {
  return Object.assign(
    lazy(() => loadWithReload(load)),
    { preload: () => load().then(() => undefined, () => undefined) },
  );
}

/** React.lazy over one named export (the signed-in shells), with the same single reload. */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => loadWithReload(load).then((component) => ({ default: component })));
}
