// The facet strip's rows: two whole rows of chips, the rest behind a toggle (never a chip cut in
// half), opened by that toggle or by Tab reaching a chip below the rows.
import { useId, useRef, useState, type FocusEvent } from "react";
import { useOverflowing } from "../../ui-kit/useOverflowing";

/** Whether `chip` lies (partly) below its strip's visible rows; `strip` is its offset parent. */
function belowStrip(chip: HTMLElement, strip: HTMLElement): boolean {
  return chip.offsetTop + chip.offsetHeight > strip.clientHeight;
}

/**
 * The strip's state and the props of its box. `content` is any value that changes with the chips
 * drawn (their overflow is measured again then).
 */
export function useFacetStrip(content: unknown) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [showAll, setShowAll] = useState(false);
  const overflowing = useOverflowing(ref, content);
  // A click's focus comes between pointerdown and pointerup; it must not open the strip and
  // move the chips under the pointer.
  const pointerDown = useRef(false);

  const toggle = () => {
    if (showAll) ref.current?.scrollTo({ top: 0 });
    setShowAll(!showAll);
  };
  const boxProps = {
    ref,
    id,
    onFocus: (event: FocusEvent<HTMLDivElement>) => {
      // Read once: a press released outside the strip leaves no stale flag behind.
      const byPointer = pointerDown.current;
      pointerDown.current = false;
      if (!showAll && !byPointer && belowStrip(event.target, event.currentTarget)) setShowAll(true);
    },
    onPointerDown: () => {
      pointerDown.current = true;
    },
    onPointerUp: () => {
      pointerDown.current = false;
    },
    onPointerCancel: () => {
      pointerDown.current = false;
    },
  };
  return { showAll, toggle, hasMore: showAll || overflowing, boxProps };
}
