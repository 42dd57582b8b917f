// Whether a box's content is taller than the box: for a strip that shows a few rows and offers
// the rest behind a toggle.
import { useLayoutEffect, useState, type RefObject } from "react";

/**
 * Whether `ref`'s content overflows its height, measured after each change of `content` (any
 * value that changes with what is drawn inside) and whenever the box is resized.
 */
export function useOverflowing(ref: RefObject<HTMLElement | null>, content: unknown): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) {
      setOverflowing(false);
      return;
    }
    // A pixel of slack: fractional line heights round differently in the two numbers.
    const measure = () => setOverflowing(element.scrollHeight > element.clientHeight + 1);
    measure();
    // jsdom has no ResizeObserver; its boxes never change size anyway.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [ref, content]);
  return overflowing;
}
