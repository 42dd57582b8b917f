import { useVirtualizer } from "@tanstack/react-virtual";
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import "./VirtualList.css";

interface VirtualListProps {
  count: number;
  /** Stable identity of the item at `index` (e.g. its URI). */
  getKey: (index: number) => string;
  renderItem: (index: number, state: { selected: boolean; active: boolean }) => ReactNode;
  /** Fixed row height in CSS pixels. */
  rowHeight: number;
  ariaLabel: string;
  selectedIndex: number | null;
  /** Enter, or a click: the user chose this item. */
  onSelect: (index: number) => void;
  optionTestId?: string;
}

const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));

/**
 * A single-select listbox that renders only the rows in view. Focus stays on the listbox and
 * the active row is announced through aria-activedescendant, so it survives virtualization.
 * ArrowUp/ArrowDown/Home/End/PageUp/PageDown move the active row; Enter or a click selects it.
 */
export function VirtualList(props: VirtualListProps) {
  const { count, getKey, renderItem, rowHeight, ariaLabel, selectedIndex, onSelect, optionTestId } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const [activeRaw, setActive] = useState<number | null>(null);
  const active = count === 0 ? null : activeRaw === null ? null : clamp(activeRaw, count - 1);

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is designed for this use.
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: getKey,
    overscan: 8,
  });

  const optionId = (index: number) => `${idPrefix}-option-${index}`;

  const moveTo = (index: number) => {
    const next = clamp(index, count - 1);
    setActive(next);
    virtualizer.scrollToIndex(next, { align: "auto" });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const current = active ?? selectedIndex ?? -1;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight) / rowHeight) - 1);
    const moves: Record<string, () => number> = {
      ArrowDown: () => current + 1,
      ArrowUp: () => (current < 0 ? 0 : current - 1),
      Home: () => 0,
      End: () => count - 1,
      PageDown: () => current + page,
      PageUp: () => current - page,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move());
    } else if ((event.key === "Enter" || event.key === " ") && current >= 0) {
      event.preventDefault();
      onSelect(clamp(current, count - 1));
    }
  };

  return (
    <div
      ref={scrollRef}
      className="vlist"
      role="listbox"
      aria-label={ariaLabel}
      tabIndex={0}
      aria-activedescendant={active === null ? undefined : optionId(active)}
      onKeyDown={onKeyDown}
      onFocus={() => {
        if (active === null && count > 0) setActive(selectedIndex ?? 0);
      }}
    >
      <div className="vlist__canvas" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const selected = row.index === selectedIndex;
          const isActive = row.index === active;
          return (
            <div
              key={row.key}
              id={optionId(row.index)}
              role="option"
              aria-selected={selected}
              aria-setsize={count}
              aria-posinset={row.index + 1}
              data-testid={optionTestId}
              data-active={isActive || undefined}
              className="vlist__row"
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
              onClick={() => {
                setActive(row.index);
                onSelect(row.index);
              }}
            >
              {renderItem(row.index, { selected, active: isActive })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
