// Large text shown virtualized: the text cut into rows (lines, long ones split) with line
// numbers, only the rows in view rendered.
import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef } from "react";
import { useT } from "../../i18n";
import { RevealedText } from "../../ui-kit/RevealedText";

/** Height of one row in CSS pixels (preview.css sets the same line height). */
const ROW_HEIGHT = 20;
/** Longer lines are cut into rows of this many characters, so no row is ever huge. */
const ROW_CHARS = 2000;

interface Rows {
  starts: Uint32Array;
  ends: Uint32Array;
  /** The 1-based line number of a row; 0 for the continuation rows of a long line. */
  lines: Uint32Array;
  count: number;
}

/** Where each row of `text` starts and ends: one per line, long lines split every ROW_CHARS. */
export function textRows(text: string): Rows {
  let capacity = 1024;
  let starts = new Uint32Array(capacity);
  let ends = new Uint32Array(capacity);
  let lines = new Uint32Array(capacity);
  let count = 0;
  const push = (start: number, end: number, line: number) => {
    if (count === capacity) {
      capacity *= 2;
      const grow = (old: Uint32Array) => {
        const next = new Uint32Array(capacity);
        next.set(old);
        return next;
      };
      starts = grow(starts);
      ends = grow(ends);
      lines = grow(lines);
    }
    starts[count] = start;
    ends[count] = end;
    lines[count] = line;
    count += 1;
  };
  let line = 1;
  let start = 0;
  for (;;) {
    const newline = text.indexOf("\n", start);
    let end = newline === -1 ? text.length : newline;
    // A CRLF line ends before its CR.
    const stop = end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end;
    let from = start;
    do {
      let to = Math.min(stop, from + ROW_CHARS);
      // Never split a surrogate pair across rows.
      const last = text.charCodeAt(to - 1);
      if (to < stop && last >= 0xd800 && last <= 0xdbff) to -= 1;
      push(from, to, from === start ? line : 0);
      from = to;
    } while (from < stop);
    if (newline === -1) break;
    end = newline + 1;
    start = end;
    line += 1;
  }
  return { starts, ends, lines, count };
}

/**
 * Large text in a window that renders only the rows in view: any size scrolls at full speed.
 * Rows do not wrap; the view scrolls sideways instead.
 */
export function VirtualText({ text }: { text: string }) {
  const { t, format } = useT();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => textRows(text), [text]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is designed for this use.
  const virtualizer = useVirtualizer({
    count: rows.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const lastLine = rows.lines.reduce((max, n) => (n > max ? n : max), 0);
  const gutter = `${String(lastLine).length + 1}ch`;
  return (
    <div
      ref={scrollRef}
      className="virtual-text"
      data-testid="preview-virtual-text"
      tabIndex={0}
      role="document"
      aria-label={t("preview.text.large", { lines: format.number(lastLine) })}
    >
      <div className="virtual-text__canvas" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const line = rows.lines[row.index] ?? 0;
          return (
            <div
              key={row.key}
              className="virtual-text__row"
              style={{ transform: `translateY(${row.start}px)` }}
              data-testid="virtual-text-row"
            >
              <span className="virtual-text__line" style={{ width: gutter }} aria-hidden="true">
                {line === 0 ? "" : line}
              </span>
              <span className="virtual-text__content">
                <RevealedText text={text.slice(rows.starts[row.index], rows.ends[row.index])} keepLayout />
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
