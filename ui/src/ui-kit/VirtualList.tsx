// The virtualized listbox or tree: fixed-height rows positioned by transform, the active row by
// aria-activedescendant, and its moves (arrows, Home/End, PageUp/PageDown) and clicks.
import {
  useEffect,
  useEffectEvent,
  useId,
  useImperativeHandle,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from "react";
import { useRowsInView } from "./useRowsInView";
import "./VirtualList.css";

/** What a parent can ask of the list besides props. */
export interface VirtualListHandle {
  scrollToTop(): void;
  /** Scrolls just enough to show the row. */
  scrollToIndex(index: number): void;
  focus(): void;
}

/** The ARIA state of one row; the list adds its role, id, position and active marker. */
export interface RowAttributes {
  "aria-selected"?: boolean;
  "aria-level"?: number;
  "aria-expanded"?: boolean;
  "aria-current"?: boolean;
  "aria-label"?: string;
  "data-testid"?: string;
  "data-kind"?: string;
}

interface VirtualListProps {
  count: number;
  /** Fixed row height in CSS pixels: no measuring, so 100k rows cost what 20 do. */
  rowHeight: number;
  role: "listbox" | "tree";
  ariaLabel: string;
  multiselectable?: boolean;
  /** The row the keyboard is on (announced through aria-activedescendant). */
  activeIndex: number | null;
  onActiveChange: (index: number) => void;
  /** Every key but the moves (arrows up/down, Home, End, PageUp, PageDown), with the active row. */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>, active: number | null) => void;
  /** The rows rendered now (the view and its overscan), end exclusive. */
  onRangeChange?: (start: number, end: number) => void;
  onScroll?: () => void;
  onRowClick?: (index: number, event: MouseEvent<HTMLDivElement>) => void;
  /** A move with Shift held (Shift+↑/↓, Home, End, Page), told before the active row moves. */
  onShiftMove?: (from: number | null, to: number) => void;
  rowAttributes: (index: number) => RowAttributes;
  /** The row's content; return a memoized element so scrolling re-renders only new rows. */
  renderRow: (index: number) => ReactNode;
  ref?: Ref<VirtualListHandle>;
  testId?: string;
}

const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));

/**
 * Rows rendered beyond each edge of the view. Few: a scroll renders the rows it brings into view
 * in its own event, before the frame is painted (useRowsInView), so overscan only softens a
 * scroll the page hears late. Every rendered row costs on each keystroke's new answer: in the
 * real window (WebKitGTK, software paint) 10 rows each side against 2 took input-to-paint from a
 * median of 49 ms to 57 ms and scrolling from 97% to 40–80% of frames within 60 fps.
 */
const OVERSCAN = 2;

/**
 * A virtualized listbox or tree with roving focus by aria-activedescendant: focus stays on the
 * list, so it survives rows being recycled. Rows have one fixed height and are positioned by
 * transform; the list knows nothing of what they show.
 */
export function VirtualList(props: VirtualListProps) {
  const { count, rowHeight, role, ariaLabel, multiselectable, activeIndex, ref, testId } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const rowId = (index: number) => `${idPrefix}-row-${index}`;
  const rows = useRowsInView(scrollRef, count, rowHeight, OVERSCAN);
  const { scrollToTop, scrollToIndex } = rows;

  useImperativeHandle(
    ref,
    () => ({
      scrollToTop,
      scrollToIndex,
      focus: () => scrollRef.current?.focus({ preventScroll: true }),
    }),
    [scrollToTop, scrollToIndex],
  );

  const { start, end, top } = rows.layout;
  const reportRange = useEffectEvent((from: number, to: number) => props.onRangeChange?.(from, to));
  useEffect(() => {
    reportRange(start, end);
  }, [start, end]);

  const moveTo = (index: number) => {
    const next = clamp(index, count - 1);
    props.onActiveChange(next);
    scrollToIndex(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      props.onKeyDown?.(event, activeIndex);
      return;
    }
    const current = activeIndex ?? -1;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight) / rowHeight) - 1);
    const moves: Partial<Record<string, () => number>> = {
      ArrowDown: () => current + 1,
      ArrowUp: () => (current < 0 ? 0 : current - 1),
      Home: () => 0,
      End: () => count - 1,
      PageDown: () => current + page,
      PageUp: () => current - page,
    };
    const move = moves[event.key];
    if (move && count > 0) {
      event.preventDefault();
      const next = move();
      if (event.shiftKey) props.onShiftMove?.(activeIndex, clamp(next, count - 1));
      moveTo(next);
    } else {
      props.onKeyDown?.(event, activeIndex);
    }
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    // One handler for every row: rows carry their index.
    const row = (event.target as Element).closest<HTMLElement>("[data-index]");
    const index = Number(row?.dataset.index);
    if (!row || !Number.isInteger(index)) return;
    props.onActiveChange(index);
    props.onRowClick?.(index, event);
  };

  const activeShown = activeIndex !== null && activeIndex >= start && activeIndex < end;
  const rowRole = role === "tree" ? "treeitem" : "option";
  return (
    <div
      ref={scrollRef}
      className="vlist"
      role={role}
      aria-label={ariaLabel}
      aria-multiselectable={multiselectable}
      tabIndex={0}
      aria-activedescendant={activeShown ? rowId(activeIndex) : undefined}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onScroll={props.onScroll}
      onFocus={(event) => {
        // The first row in view (not in the overscan above it) becomes active.
        if (event.target === event.currentTarget && activeIndex === null && count > 0) props.onActiveChange(rows.firstVisible());
      }}
    >
      <div className="vlist__canvas" style={{ height: rows.canvasHeight }} onClick={onClick}>
        {Array.from({ length: end - start }, (_, offset) => {
          const index = start + offset;
          return (
            <div
              key={index}
              id={rowId(index)}
              role={rowRole}
              data-index={index}
              data-active={index === activeIndex || undefined}
              aria-setsize={role === "listbox" ? count : undefined}
              aria-posinset={role === "listbox" ? index + 1 : undefined}
              className="vlist__row"
              style={{ height: rowHeight, transform: `translateY(${top(index)}px)` }}
              {...props.rowAttributes(index)}
            >
              {props.renderRow(index)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
