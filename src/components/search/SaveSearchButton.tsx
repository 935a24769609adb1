// 'Save search' on a lister: the page's route and URL query saved under a name as a quick
// search (POST saved-search/). Shown only on the listers the server can run a quick search of
// (saved-search/listers/), so a saved search always opens as it was. The page number is not
// saved: a quick search opens on its first page.
//
// The dialog (antd Modal + Form) is a chunk of its own, fetched when the button is first pointed at
// or clicked (LazyDialogButton: busy until it is there; a failed load is a toast, not a crash).
import { StarOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { useLocation } from "react-router";
import { LazyDialogButton } from "../page/LazyDialogButton";
import { REST } from "../../pages/quick-searches/api";

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
  // No lister list, no button: its failure is not the user's business, nor worth asking again
  // (three retries would go on after the page has gone).
  return useCustom<{ results: ListerRoute[] }>({
    url: "saved-search/listers/",
    method: "get",
    dataProviderName: REST,
    meta: { toast: false },
    errorNotification: false,
    queryOptions: { staleTime: Infinity, retry: false },
  });
}

const loadDialog = () => import("./SaveSearchDialog").then((m) => m.SaveSearchDialog);

export function SaveSearchButton({ suggestedName, size }: { suggestedName?: string; size?: "small" | "middle" }) {
  const location = useLocation();
  const { result: listers } = useSavableListers();
  const lister = listers.data?.results?.find((l) => l.route === location.pathname);
  if (!lister) return null;
  return <LazyDialogButton label="Save search" icon={<StarOutlined />} size={size} load={loadDialog} dialogProps={{ lister, suggestedName }} />;
}
