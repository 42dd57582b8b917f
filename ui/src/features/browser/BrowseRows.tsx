// The body the list view and the tree view share: the count line and its states (ResultsFrame)
// over the virtualized rows of one windowed answer, with the keyboard's cursor and type-ahead.
import { useEffect, useImperativeHandle, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type Ref } from "react";
import type { ResourceItem } from "../../ipc";
import { VirtualList, type RowAttributes } from "../../ui-kit/VirtualList";
import { probeScroll } from "./probe";
import { ResultsFrame } from "./ResultsFrame";
import type { RowOf, WindowAnswer, WindowsSnapshot } from "./rowWindows";
import { useRowCursor } from "./useRowCursor";

/** What the browser pane can ask of the view on screen. */
export interface BrowseViewHandle {
  focus(): void;
  /** The resource on the keyboard's active row, if that row is a fetched resource. */
  activeItem(): ResourceItem | null;
}

/** What a view gets from useRowWindows. */
interface Windows<A extends WindowAnswer<unknown>> {
  snapshot: WindowsSnapshot<A>;
  show: (start: number, end: number) => void;
  retry: () => void;
}

/** A view's keys: true when it handled the key; anything else goes to type-ahead. */
export type RowKeyHandler = (event: KeyboardEvent, active: number, moveTo: (index: number) => void) => boolean;

interface BrowseRowsProps<A extends WindowAnswer<unknown> & { indexed: number }> {
  windows: Windows<A>;
  /** A row's identity (the cursor follows it through refreshes) and the label type-ahead reads. */
  idOf: (row: RowOf<A>) => string;
  labelOf: (row: RowOf<A>) => string;
  /** Resources matching the question: the count line says "x of y" when it leaves some out. */
  shown: number;
  /** What to show, given how many resources are indexed, when no row matches. */
  empty: (indexed: number) => ReactNode;
  role: "listbox" | "tree";
  ariaLabel: string;
  /** Fixed row height in CSS pixels. */
  rowHeight: number;
  testId: string;
  /** Keys on a fetched active row (the moves are the list's own). */
  onRowKey: RowKeyHandler;
  onRowClick: (index: number, event: MouseEvent) => void;
  rowAttributes: (index: number) => RowAttributes;
  renderRow: (index: number) => ReactNode;
  /** The resource a row shows (null for a folder or a template). */
  itemOf: (row: RowOf<A>) => ResourceItem | null;
  /** Checks these resources (a Shift range). */
  onSelectRange: (items: ResourceItem[]) => void;
  /** Told the resource on the keyboard's active row whenever it changes (null for none). */
  onActiveItem: (item: ResourceItem | null) => void;
  ref?: Ref<BrowseViewHandle> | undefined;
}

/** Where a Shift range starts: a row of one question. */
interface Anchor {
  index: number;
  question: string | null;
}

/** Every row of the answer, multi-selectable, only the rows in view fetched and rendered. */
export function BrowseRows<A extends WindowAnswer<unknown> & { indexed: number }>({
  windows,
  idOf,
  labelOf,
  shown,
  empty,
  role,
  ariaLabel,
  rowHeight,
  testId,
  onRowKey,
  onRowClick,
  rowAttributes,
  renderRow,
  itemOf,
  onSelectRange,
  onActiveItem,
  ref,
}: BrowseRowsProps<A>) {
  const { snapshot } = windows;
  const { list, activeIndex, setActive, moveTo, typeAhead } = useRowCursor(snapshot, idOf, labelOf);
  useImperativeHandle(
    ref,
    () => ({
      focus: () => list.current?.focus(),
      activeItem: () => {
        const row = activeIndex === null ? undefined : snapshot.rowAt(activeIndex);
        return row === undefined ? null : itemOf(row);
      },
    }),
    [list, activeIndex, snapshot, itemOf],
  );

  const activeRow = activeIndex === null ? undefined : snapshot.rowAt(activeIndex);
  const activeItem = activeRow === undefined ? null : itemOf(activeRow);
  useEffect(() => onActiveItem(activeItem), [activeItem, onActiveItem]);

  // A Shift range runs from the anchor (the row last made active without Shift) to the row
  // reached. A click makes its row active before the click is handled: the anchor before it
  // is kept in `before`.
  const anchor = useRef<Anchor | null>(null);
  const before = useRef<Anchor | null>(null);
  const extending = useRef(false);
  const anchorIn = (kept: Anchor | null) => (kept?.question === snapshot.question ? kept.index : null);
  const selectRange = (from: number, to: number) => {
    const items: ResourceItem[] = [];
    for (let at = Math.min(from, to); at <= Math.max(from, to); at += 1) {
      const row = snapshot.rowAt(at);
      const item = row === undefined ? null : itemOf(row);
      if (item) items.push(item);
    }
    onSelectRange(items);
  };
  const onActiveChange = (index: number) => {
    before.current = anchor.current;
    if (!extending.current) anchor.current = { index, question: snapshot.question };
    extending.current = false;
    setActive(index);
  };
  const onShiftMove = (from: number | null, to: number) => {
    const start = anchorIn(anchor.current) ?? from ?? to;
    anchor.current = { index: start, question: snapshot.question };
    extending.current = true;
    selectRange(start, to);
  };
  const onClick = (index: number, event: MouseEvent) => {
    if (!event.shiftKey) {
      onRowClick(index, event);
      return;
    }
    const start = anchorIn(before.current) ?? index;
    anchor.current = { index: start, question: snapshot.question };
    selectRange(start, index);
  };

  const onKeyDown = (event: KeyboardEvent, active: number | null) => {
    const onRow = active !== null && snapshot.rowAt(active) !== undefined;
    if (!onRow || !onRowKey(event, active, moveTo)) typeAhead(event, active);
  };

  const indexed = snapshot.summary?.indexed ?? 0;
  return (
    <ResultsFrame
      total={snapshot.total}
      shown={shown}
      indexed={indexed}
      pending={snapshot.pending}
      error={snapshot.error}
      onRetry={windows.retry}
      empty={empty(indexed)}
    >
      <VirtualList
        ref={list}
        count={snapshot.total ?? 0}
        rowHeight={rowHeight}
        role={role}
        multiselectable
        ariaLabel={ariaLabel}
        activeIndex={activeIndex}
        onActiveChange={onActiveChange}
        onShiftMove={onShiftMove}
        onKeyDown={onKeyDown}
        onRangeChange={windows.show}
        onScroll={probeScroll}
        onRowClick={onClick}
        rowAttributes={rowAttributes}
        renderRow={renderRow}
        testId={testId}
      />
    </ResultsFrame>
  );
}
