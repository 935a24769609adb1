// The browser tab's title: "<page> | InfraScout". Its own module, so the sign-in pages set it
// without downloading the signed-in pages' frame (components/page/PageShell).
import { useEffect } from "react";

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | InfraScout` : "InfraScout";
  }, [title]);
}
