// The keyboard's active row in a windowed list: kept on its row across refreshes, moved by
// type-ahead, and reset to the top by a new question.
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { findByPrefix, isTypeaheadKey, useTypeahead } from "../../ui-kit/typeahead";
import type { VirtualListHandle } from "../../ui-kit/VirtualList";
import { probeRowsCommitted } from "./probe";
import type { RowOf, WindowAnswer, WindowsSnapshot } from "./rowWindows";

interface Active {
  index: number;
  /** The row's identity when it was made active (null for a row not fetched then). */
  id: string | null;
  /** The question it was active in: a new question starts without an active row. */
  question: string | null;
}

/**
 * The keyboard's place in a windowed list: the active row follows its row (by id) when a
 * refresh moves it, type-ahead jumps among fetched rows, and a new question scrolls to the top.
 */
export function useRowCursor<A extends WindowAnswer<unknown>>(
  snapshot: WindowsSnapshot<A>,
  idOf: (row: RowOf<A>) => string,
  labelOf: (row: RowOf<A>) => string,
) {
  const list = useRef<VirtualListHandle>(null);
  const [active, setActiveState] = useState<Active | null>(null);
  const typeahead = useTypeahead();

  const activeIndex = useMemo(() => {
    const total = snapshot.total ?? 0;
    if (active?.question !== snapshot.question || total === 0) return null;
    const here = snapshot.rowAt(active.index);
    if (active.id === null || (here !== undefined && idOf(here) === active.id)) return Math.min(active.index, total - 1);
    for (const [index, row] of snapshot.fetched()) {
      if (idOf(row) === active.id) return index;
    }
    return Math.min(active.index, total - 1);
  }, [active, snapshot, idOf]);

  const setActive = useCallback(
    (index: number) => {
      const row = snapshot.rowAt(index);
      setActiveState({ index, id: row === undefined ? null : idOf(row), question: snapshot.question });
    },
    [snapshot, idOf],
  );

  const moveTo = useCallback(
    (index: number) => {
      setActive(index);
      list.current?.scrollToIndex(index);
    },
    [setActive],
  );

  // A new question's first rows are on screen: show them from the top, and tell the probe.
  useLayoutEffect(() => {
    list.current?.scrollToTop();
    probeRowsCommitted();
  }, [snapshot.question]);

  /** Letters jump to the next fetched row whose label starts with what was typed. */
  const typeAhead = (event: KeyboardEvent, from: number | null): boolean => {
    // "/" belongs to the search box (the pane handles it).
    if (!isTypeaheadKey(event) || event.key === "/") return false;
    event.preventDefault();
    const prefix = typeahead(event.key);
    const labelled = (function* () {
      for (const [index, row] of snapshot.fetched()) yield [index, labelOf(row)] as [number, string];
    })();
    const found = findByPrefix(prefix, from ?? -1, labelled);
    if (found !== null) moveTo(found);
    return true;
  };

  return { list, activeIndex, setActive, moveTo, typeAhead };
}
