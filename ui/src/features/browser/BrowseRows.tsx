// The body the list view and the tree view share: the count line and its states (ResultsFrame)
// over the virtualized rows of one windowed answer, with the keyboard's cursor and type-ahead.
import { useImperativeHandle, type KeyboardEvent, type MouseEvent, type ReactNode, type Ref } from "react";
import { VirtualList, type RowAttributes } from "../../ui-kit/VirtualList";
import { probeScroll } from "./probe";
import { ResultsFrame } from "./ResultsFrame";
import type { RowOf, WindowAnswer, WindowsSnapshot } from "./rowWindows";
import { useRowCursor } from "./useRowCursor";

/** What the browser pane can ask of the view on screen. */
export interface BrowseViewHandle {
  focus(): void;
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
  ref?: Ref<BrowseViewHandle> | undefined;
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
  ref,
}: BrowseRowsProps<A>) {
  const { snapshot } = windows;
  const { list, activeIndex, setActive, moveTo, typeAhead } = useRowCursor(snapshot, idOf, labelOf);
  useImperativeHandle(ref, () => ({ focus: () => list.current?.focus() }), [list]);

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
        onActiveChange={setActive}
        onKeyDown={onKeyDown}
        onRangeChange={windows.show}
        onScroll={probeScroll}
        onRowClick={onRowClick}
        rowAttributes={rowAttributes}
        renderRow={renderRow}
        testId={testId}
      />
    </ResultsFrame>
  );
}
