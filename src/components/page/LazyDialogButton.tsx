// A button that opens a dialog (or drawer) whose code is a chunk of its own: the chunk is fetched
// when the pointer or focus reaches the button, and on the first click; until the dialog is there
// the button shows it is busy. Once shown the dialog stays mounted, so closing plays antd's leave
// and reopening needs no second load. A chunk that cannot be fetched reloads the page once
// (lazyComponent: after a deploy the old file names are gone); if it still cannot, an error toast
// says so, the page stays as it was and the button can be pressed again to retry.
import { Button } from "antd";
import { Component, Suspense, useCallback, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { lazyComponent } from "../../lib/lazyPage";
import { toastError } from "../../lib/toast";

/** What LazyDialogButton gives the dialog it opens. */
export interface LazyDialogProps {
  open: boolean;
  onClose: () => void;
}

/** A dialog that could not be loaded: said in a toast, without taking the page down. */
export class DialogLoadBoundary extends Component<{ children: ReactNode; label: string; onError: () => void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error) {
    console.error(`Loading the '${this.props.label}' dialog failed`, error);
    this.props.onError();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Mounted beside the dialog in its Suspense boundary: its effect runs once the dialog is there. */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

export interface LazyDialog<P extends LazyDialogProps> {
  /** Open the dialog, with these props (a row's record to edit); loads its code the first time. */
  show: (props: Omit<P, keyof LazyDialogProps>) => void;
  /** Fetch the dialog's code ahead (pointer or focus on what opens it); a failure here is let go. */
  preload: () => void;
  /** Asked to open, and its code is not there yet: what opened it shows it is busy. */
  busy: boolean;
  /** The dialog itself, to be rendered by the page (nothing until first shown). */
  element: ReactNode;
}

/**
 * A dialog whose code loads when it is first asked for, opened from anywhere on a page (a header
 * button, a row's 'Edit'); `label` names it in the toast when its code cannot be fetched.
 */
export function useLazyDialog<P extends LazyDialogProps>(
  label: string,
  load: () => Promise<ComponentType<P>>,
  /** Props that follow the page while the dialog is open (a button's), over those given to show. */
  liveProps?: Omit<P, keyof LazyDialogProps>,
): LazyDialog<P> {
  const [open, setOpen] = useState(false);
  const [props, setProps] = useState<Omit<P, keyof LazyDialogProps> | null>(null);
  // The lazy dialog, made on the first show (again after a failed load: React.lazy keeps its failure).
  const [Dialog, setDialog] = useState<ComponentType<P> | null>(null);
  const [ready, setReady] = useState(false);
  const onReady = useCallback(() => setReady(true), []);
  const close = useCallback(() => setOpen(false), []);
  const failed = useCallback(() => {
    toastError(`Could not open '${label}'. Check your connection and try again.`);
    setOpen(false);
    setReady(false);
    setDialog(null);
  }, [label]);
  const show = (next: Omit<P, keyof LazyDialogProps>) => {
    if (!Dialog) setDialog(() => lazyComponent(load));
    setProps(next);
    setOpen(true);
  };
  const shown = liveProps ?? props;
  const element = Dialog && shown && (
    <DialogLoadBoundary label={label} onError={failed}>
      <Suspense fallback={null}>
        <Dialog {...(shown as P)} open={open} onClose={close} />
        <Ready onReady={onReady} />
      </Suspense>
    </DialogLoadBoundary>
  );
  return { show, preload: () => void load().catch(() => undefined), busy: open && !ready, element };
}

export interface LazyDialogButtonProps<P extends LazyDialogProps> {
  /** The button's text, also used in the toast when the dialog cannot be loaded. */
  label: string;
  icon?: ReactNode;
  size?: "small" | "middle";
  /** Imports the dialog's module (a module-level function, so every call shares one chunk). */
  load: () => Promise<ComponentType<P>>;
  /** The dialog's own props; `open` and `onClose` are the button's. */
  dialogProps: Omit<P, keyof LazyDialogProps>;
}

export function LazyDialogButton<P extends LazyDialogProps>({ label, icon, size, load, dialogProps }: LazyDialogButtonProps<P>) {
  const dialog = useLazyDialog(label, load, dialogProps);
  return (
    <>
      <Button icon={icon} size={size} loading={dialog.busy} onPointerEnter={dialog.preload} onFocus={dialog.preload} onClick={() => dialog.show(dialogProps)}>
        {label}
      </Button>
      {dialog.element}
    </>
  );
}
