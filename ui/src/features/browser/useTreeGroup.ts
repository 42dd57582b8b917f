// The tree's grouping (by server or by kind), remembered in localStorage across launches like
// the view mode.
import { useCallback, useState } from "react";
import type { TreeGroup } from "../../ipc";

const KEY = "lode.browser.group";

export const TREE_GROUPS: readonly TreeGroup[] = ["server", "kind"];

/** The grouping the person chose last (by server unless they chose by kind). */
export function storedTreeGroup(): TreeGroup {
  try {
    return window.localStorage.getItem(KEY) === "kind" ? "kind" : "server";
  } catch {
    return "server";
  }
}

/** By server or by kind, remembered across launches. */
export function useTreeGroup(): [TreeGroup, (group: TreeGroup) => void] {
  const [group, setGroup] = useState<TreeGroup>(storedTreeGroup);
  const choose = useCallback((next: TreeGroup) => {
    setGroup(next);
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // Not remembered: the choice still holds for this session.
    }
  }, []);
  return [group, choose];
}
