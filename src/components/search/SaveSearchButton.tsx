// 'Save search' on a lister: the page's route and URL query saved under a name as a quick
// search (POST saved-search/). Shown only on the listers the server can run a quick search of
// (saved-search/listers/), so a saved search always opens as it was. The page number is not
// saved: a quick search opens on its first page.
//
// The dialog (antd Modal + Form) is a chunk of its own, fetched when the button is first pointed at
// or clicked: the button shows it loading until the dialog is there. A chunk that cannot be
// fetched reloads the page once (lazyComponent: after a deploy the old file names are gone); if it
// still cannot, an error toast says so and the page stays as it was.
import { StarOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Button } from "antd";
import { Component, Suspense, useCallback, useState, type ComponentType, type ReactNode } from "react";
import { useLocation } from "react-router";
import { lazyComponent } from "../../lib/lazyPage";
import { toastError } from "../../lib/toast";
import { REST } from "../../pages/quick-searches/api";
import type { SaveSearchDialogProps } from "./SaveSearchDialog";

interface ListerRoute {
  route: string;
  label: string;
}

/** The query string to save: the page's, without the page number. */
export function savedQuery(search: string): string {
  const params = new URLSearchParams(search.replace(/^\?/, ""));
  params.delete("page");
  return params.toString();
}

export function useSavableListers() {
  // No lister list, no button: its failure is not the user's business.
  return useCustom<{ results: ListerRoute[] }>({
    url: "saved-search/listers/",
    method: "get",
    dataProviderName: REST,
    meta: { toast: false },
    errorNotification: false,
    queryOptions: { staleTime: Infinity },
  });
}

const loadDialog = () => import("./SaveSearchDialog").then((m) => m.SaveSearchDialog);
/** Fetch the dialog's chunk ahead (pointer over the button); a failure here is let go. */
const preloadDialog = () => void loadDialog().catch(() => undefined);

/** A dialog that could not be loaded: said in a toast, without taking the page down. */
class DialogLoadBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error) {
    console.error("Loading the 'Save search' dialog failed", error);
    this.props.onError();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function SaveSearchButton({ suggestedName, size }: { suggestedName?: string; size?: "small" | "middle" }) {
  const location = useLocation();
  const { result: listers } = useSavableListers();
  const [open, setOpen] = useState(false);
  // The lazy dialog, made on the first click (again after a failed load: React.lazy keeps its failure).
  const [Dialog, setDialog] = useState<ComponentType<SaveSearchDialogProps> | null>(null);
  const [ready, setReady] = useState(false);
  const onReady = useCallback(() => setReady(true), []);
  const close = useCallback(() => setOpen(false), []);
  const failed = useCallback(() => {
    toastError("Could not open 'Save search'. Check your connection and try again.");
    setOpen(false);
    setReady(false);
    setDialog(null);
  }, []);
  const lister = listers.data?.results?.find((l) => l.route === location.pathname);
  if (!lister) return null;

  return (
    <>
      <Button
        icon={<StarOutlined />}
        size={size}
        loading={open && !ready}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => {
          if (!Dialog) setDialog(() => lazyComponent(loadDialog));
          setOpen(true);
        }}
      >
        Save search
      </Button>
      {Dialog && (
        <DialogLoadBoundary onError={failed}>
          <Suspense fallback={null}>
            <Dialog open={open} onClose={close} onReady={onReady} lister={lister} suggestedName={suggestedName} />
          </Suspense>
        </DialogLoadBoundary>
      )}
    </>
  );
}
