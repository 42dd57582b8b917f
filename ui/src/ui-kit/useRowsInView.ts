// Which rows of a fixed-height list its scroll container shows, kept current on scroll and
// resize (rendered within the scroll event), and the list's scroll methods.
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { flushSync } from "react-dom";
import { canvasHeight, layoutRows, scrollTopToShow, type RowsGeometry, type RowsLayout } from "./rowsLayout";

interface RowsInView {
  layout: RowsLayout;
  /** The height to give the canvas inside the scroll container. */
  canvasHeight: number;
  scrollToTop: () => void;
  /** Scrolls just enough to show the row. */
  scrollToIndex: (index: number) => void;
  /** The first row in view now (read from the scroll container, not from the last render). */
  firstVisible: () => number;
}

/**
 * The rows of a fixed-height list that `scrollRef`'s element shows, kept current as it scrolls
 * and resizes (see rowsLayout). A scroll re-renders only when it changes which rows are
 * rendered (or, in a capped list, where they go), and does so before the frame is painted.
 */
export function useRowsInView(
  scrollRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan: number,
): RowsInView {
  const [viewport, setViewport] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const geometry: RowsGeometry = { count, rowHeight, viewport };
  const layout = layoutRows(geometry, scrollTop, overscan);
  const capped = canvasHeight(geometry) < count * rowHeight;

  // What the last commit drew, for the scroll listener and the scroll methods to compare against.
  const drawn = useRef({ geometry, start: layout.start, end: layout.end, capped });
  useLayoutEffect(() => {
    drawn.current = { geometry: { count, rowHeight, viewport }, start: layout.start, end: layout.end, capped };
  });

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    setViewport(element.clientHeight);
    setScrollTop(element.scrollTop);
    const onScroll = () => {
      const top = element.scrollTop;
      const current = drawn.current;
      const next = layoutRows(current.geometry, top, overscan);
      if (current.capped || next.start !== current.start || next.end !== current.end) {
        // Rendered in the scroll event, so the new rows are in the very frame that shows them.
        flushSync(() => setScrollTop(top));
      }
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    // jsdom has no ResizeObserver; its size is fixed anyway.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => setViewport(element.clientHeight));
    observer?.observe(element);
    return () => {
      element.removeEventListener("scroll", onScroll);
      observer?.disconnect();
    };
  }, [scrollRef, overscan]);

  // Stable: they read the scroll container and the last render through refs.
  const scrollToTop = useCallback(() => scrollRef.current?.scrollTo({ top: 0 }), [scrollRef]);
  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const target = scrollTopToShow(drawn.current.geometry, element.scrollTop, index);
      if (target !== element.scrollTop) element.scrollTo({ top: target });
    },
    [scrollRef],
  );
  const firstVisible = useCallback(
    () => layoutRows(drawn.current.geometry, scrollRef.current?.scrollTop ?? 0, 0).firstVisible,
    [scrollRef],
  );

  return { layout, canvasHeight: canvasHeight(geometry), scrollToTop, scrollToIndex, firstVisible };
}
