import { useEffect } from "react";
import { APP_NAME } from "../../shared/constants.js";

/** Sets the tab title while the calling page is shown; the product name is the default (spec §1). */
export function useDocumentTitle(title: string = APP_NAME): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
