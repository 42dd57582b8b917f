// Reordering a list by dragging a row's grip with the pointer (mouse, pen or touch): pointer
// events rather than HTML5 drag and drop, so the row never leaves the page, an insertion line
// shows where it will land, Escape cancels, and WebDriver's pointer actions can drive it.
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { gapAt, indexForGap } from "./reorder";

/** How far (px) the pointer travels before a press on a grip becomes a drag. */
const DRAG_THRESHOLD = 4;

/** The attribute each row of the list carries, naming its key. */
export const REORDER_KEY_ATTRIBUTE = "data-reorder-key";

export interface PointerReorder<K extends string | number> {
  /** The row being dragged, or null. */
  dragging: K | null;
  /** The gap (0..count) the insertion line is drawn at while dragging, or null. */
  gap: number | null;
  /** Put on the grip's `onPointerDown`. */
  startDrag: (key: K, event: ReactPointerEvent<HTMLElement>) => void;
  /** The class a row gets: dragged, or the insertion line above (or below, for the last). */
  rowClass: (key: K, index: number) => string;
}

interface Drag<K> {
  key: K;
  from: number;
  startY: number;
  started: boolean;
}

/**
 * Drag-to-reorder over `keys` (the rows in order) inside the list `list`; `onMove` gets the
 * dragged key and the index it should end at, only when it really moves.
 */
export function usePointerReorder<K extends string | number>(
  keys: readonly K[],
  list: React.RefObject<HTMLElement | null>,
  onMove: (key: K, index: number) => void,
): PointerReorder<K> {
  const [dragging, setDragging] = useState<K | null>(null);
  const [gap, setGap] = useState<number | null>(null);
  const drag = useRef<Drag<K> | null>(null);
  const stop = useRef<() => void>(() => undefined);
  const latestOnMove = useRef(onMove);
  useEffect(() => {
    latestOnMove.current = onMove;
  });
  useEffect(() => () => stop.current(), []);

  const rowSpans = () => {
    const rows = list.current?.querySelectorAll<HTMLElement>(`:scope > [${REORDER_KEY_ATTRIBUTE}]`) ?? [];
    return Array.from(rows, (row) => {
      const rect = row.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom };
    });
  };

  const startDrag = (key: K, event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0 || drag.current) return;
    // The keys this grip was drawn with, not a ref an effect brings up to date: that effect may
    // not have run yet when a press comes right after the rows first appear.
    const from = keys.indexOf(key);
    if (from === -1) return;
    // No text selection, no native drag of the grip.
    event.preventDefault();
    drag.current = { key, from, startY: event.clientY, started: false };
    let lastGap: number | null = null;

    const end = () => {
      window.removeEventListener("pointermove", onPointerMove);
      window.removeEventListener("pointerup", onPointerUp);
      window.removeEventListener("pointercancel", end);
      window.removeEventListener("keydown", onKeyDown, true);
      drag.current = null;
      stop.current = () => undefined;
      setDragging(null);
      setGap(null);
    };
    const onPointerMove = (move: PointerEvent) => {
      const current = drag.current;
      if (!current) return;
      if (!current.started) {
        if (Math.abs(move.clientY - current.startY) < DRAG_THRESHOLD) return;
        current.started = true;
        setDragging(current.key);
      }
      lastGap = gapAt(rowSpans(), move.clientY);
      setGap(lastGap);
    };
    const onPointerUp = () => {
      const current = drag.current;
      end();
      if (!current?.started || lastGap === null) return;
      const index = indexForGap(current.from, lastGap);
      if (index !== current.from) latestOnMove.current(current.key, index);
    };
    const onKeyDown = (key: KeyboardEvent) => {
      if (key.key !== "Escape") return;
      // Escape cancels the drag, and nothing else (no dialog closes behind it).
      key.preventDefault();
      key.stopPropagation();
      end();
    };
    window.addEventListener("pointermove", onPointerMove);
    window.addEventListener("pointerup", onPointerUp);
    window.addEventListener("pointercancel", end);
    window.addEventListener("keydown", onKeyDown, true);
    stop.current = end;
  };

  const rowClass = (key: K, index: number) => {
    if (dragging === null || gap === null) return "";
    const classes = key === dragging ? ["reorder-row--dragged"] : [];
    const from = keys.indexOf(dragging);
    // The gaps right above and below the dragged row leave it where it is: no line there.
    if (gap !== from && gap !== from + 1) {
      if (gap === index) classes.push("reorder-row--before");
      else if (gap === keys.length && index === keys.length - 1) classes.push("reorder-row--after");
    }
    return classes.join(" ");
  };

  return { dragging, gap, startDrag, rowClass };
}
