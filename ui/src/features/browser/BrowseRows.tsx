// The body the list view and the tree view share: the count line and its states (ResultsFrame)
// over the virtualized rows of one windowed answer, with the keyboard's cursor on them.
import type { KeyboardEvent, MouseEvent, ReactNode, RefObject } from "react";
import { VirtualList, type RowAttributes, type VirtualListHandle } from "../../ui-kit/VirtualList";
import { probeScroll } from "./probe";
import { ResultsFrame } from "./ResultsFrame";
import type { WindowAnswer, WindowsSnapshot } from "./rowWindows";

/** What a view gets from useRowWindows. */
interface Windows<A extends WindowAnswer<unknown>> {
  snapshot: WindowsSnapshot<A>;
  show: (start: number, end: number) => void;
  retry: () => void;
}

interface BrowseRowsProps<A extends WindowAnswer<unknown> & { indexed: number }> {
  windows: Windows<A>;
  /** From useRowCursor: the list it scrolls, and the row the keyboard is on. */
  listRef: RefObject<VirtualListHandle | null>;
  activeIndex: number | null;
  onActiveChange: (index: number) => void;
  /** Resources matching the question: the count line says "x of y" when it leaves some out. */
  shown: number;
  /** What to show, given how many resources are indexed, when no row matches. */
  empty: (indexed: number) => ReactNode;
  role: "listbox" | "tree";
  ariaLabel: string;
  /** Fixed row height in CSS pixels. */
  rowHeight: number;
  testId: string;
  onKeyDown: (event: KeyboardEvent, active: number | null) => void;
  onRowClick: (index: number, event: MouseEvent) => void;
  rowAttributes: (index: number) => RowAttributes;
  renderRow: (index: number) => ReactNode;
}

/** Every row of the answer, multi-selectable, only the rows in view fetched and rendered. */
export function BrowseRows<A extends WindowAnswer<unknown> & { indexed: number }>({
  windows,
  listRef,
  activeIndex,
  onActiveChange,
  shown,
  empty,
  role,
  ariaLabel,
  rowHeight,
  testId,
  onKeyDown,
  onRowClick,
  rowAttributes,
  renderRow,
}: BrowseRowsProps<A>) {
  const { snapshot } = windows;
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
        ref={listRef}
        count={snapshot.total ?? 0}
        rowHeight={rowHeight}
        role={role}
        multiselectable
        ariaLabel={ariaLabel}
        activeIndex={activeIndex}
        onActiveChange={onActiveChange}
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
