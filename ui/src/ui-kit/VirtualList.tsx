import { useVirtualizer } from "@tanstack/react-virtual";
import {
  useCallback,
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
  rowAttributes: (index: number) => RowAttributes;
  /** The row's content; return a memoized element so scrolling re-renders only new rows. */
  renderRow: (index: number) => ReactNode;
  ref?: Ref<VirtualListHandle>;
  testId?: string;
}

const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));

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
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is designed for this use.
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 10,
  });

  useImperativeHandle(
    ref,
    () => ({
      scrollToTop: () => virtualizer.scrollToOffset(0),
      scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: "auto" }),
      focus: () => scrollRef.current?.focus({ preventScroll: true }),
    }),
    [virtualizer],
  );

  const items = virtualizer.getVirtualItems();
  const start = items[0]?.index ?? 0;
  const end = (items.at(-1)?.index ?? -1) + 1;
  const reportRange = useEffectEvent((from: number, to: number) => props.onRangeChange?.(from, to));
  useEffect(() => {
    reportRange(start, end);
  }, [start, end]);

  const moveTo = (index: number) => {
    const next = clamp(index, count - 1);
    props.onActiveChange(next);
    virtualizer.scrollToIndex(next, { align: "auto" });
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
      moveTo(move());
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
        const first = virtualizer.range?.startIndex ?? start;
        if (event.target === event.currentTarget && activeIndex === null && count > 0) props.onActiveChange(first);
      }}
    >
      <div className="vlist__canvas" style={{ height: virtualizer.getTotalSize() }} onClick={onClick}>
        {items.map((item) => (
          <div
            key={item.key}
            id={rowId(item.index)}
            role={rowRole}
            data-index={item.index}
            data-active={item.index === activeIndex || undefined}
            aria-setsize={role === "listbox" ? count : undefined}
            aria-posinset={role === "listbox" ? item.index + 1 : undefined}
            className="vlist__row"
            style={{ height: rowHeight, transform: `translateY(${item.start}px)` }}
            {...props.rowAttributes(item.index)}
          >
            {props.renderRow(item.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
