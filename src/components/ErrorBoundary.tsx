// A rendering crash shows 'Something Wrong Happened' and reloads the page once: most crashes
// after a deploy are stale code, which a fresh load fixes. The sessionStorage flag stops a
// crash that survives the reload from looping; it is cleared once the app has rendered
// without crashing for a while, so a later, unrelated crash gets its own reload.
import { Component, type ErrorInfo, type ReactNode } from "react";
import { SomethingWrongPage } from "../pages/errors/SomethingWrongPage";

export const CRASH_RELOAD_FLAG = "infrascout_crash_reloaded";
export const HEALTHY_RENDER_MS = 10_000;

function readFlag(): boolean {
  try {
    return sessionStorage.getItem(CRASH_RELOAD_FLAG) === "1";
  } catch {
    return true; // no storage: never reload automatically
  }
}

interface Props {
  children: ReactNode;
  /** Injected in tests. */
  reload?: () => void;
}

export class ErrorBoundary extends Component<Props, { crashed: boolean }> {
  state = { crashed: false };
  private healthyTimer: ReturnType<typeof setTimeout> | null = null;

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  componentDidMount() {
    this.healthyTimer = setTimeout(() => {
      if (!this.state.crashed) sessionStorage.removeItem(CRASH_RELOAD_FLAG);
    }, HEALTHY_RENDER_MS);
  }

  componentWillUnmount() {
    if (this.healthyTimer) clearTimeout(this.healthyTimer);
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Render crash", error, info.componentStack);
    if (!readFlag()) {
      sessionStorage.setItem(CRASH_RELOAD_FLAG, "1");
      (this.props.reload ?? (() => window.location.reload()))();
    }
  }

  render() {
    return this.state.crashed ? <SomethingWrongPage /> : this.props.children;
  }
}
