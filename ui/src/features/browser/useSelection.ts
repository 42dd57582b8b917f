// The browser's selection: resources picked with Space, Ctrl+click, Shift ranges or Ctrl+A, kept whole by server and
// URI across searches, views and refreshes.
import { useCallback, useState } from "react";
import type { ResourceItem } from "../../ipc";
import { resourceId } from "./rowIds";

export type Selection = ReadonlyMap<string, ResourceItem>;

const EMPTY: Selection = new Map();

/**
 * The resources picked with Space (or Ctrl+click), by server and URI, across searches, views
 * and refreshes. Kept whole: the basket will take them as they are.
 */
export function useSelection() {
  const [selected, setSelected] = useState<Selection>(EMPTY);
  const toggle = useCallback((item: ResourceItem) => {
    setSelected((current) => {
      const next = new Map(current);
      const id = resourceId(item);
      if (next.has(id)) next.delete(id);
      else next.set(id, item);
      return next;
    });
  }, []);
  /** Checks every one of `items` (a Shift range, or every match): none is unchecked. */
  const addMany = useCallback((items: readonly ResourceItem[]) => {
    if (items.length === 0) return;
    setSelected((current) => {
      const next = new Map(current);
      for (const item of items) next.set(resourceId(item), item);
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(EMPTY), []);
  return { selected, toggle, addMany, clear };
}
