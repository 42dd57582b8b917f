// The browser's list-or-tree choice, remembered in localStorage across launches.
import { useCallback, useState } from "react";
import type { ViewMode } from "./browseQuery";

const KEY = "lode.browser.view";

/** The view the person chose last (list unless they chose the tree). */
export function storedViewMode(): ViewMode {
  try {
    return window.localStorage.getItem(KEY) === "tree" ? "tree" : "list";
  } catch {
    return "list";
  }
}

/** List or tree, remembered across launches. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(storedViewMode);
  const choose = useCallback((next: ViewMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // Not remembered: the choice still holds for this session.
    }
  }, []);
  return [mode, choose];
}
