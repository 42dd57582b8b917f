// A pane's draggable edge: a focusable vertical separator (the WAI-ARIA window splitter) whose
// value is the pane's width — dragged with the pointer, or moved with the arrow keys (Shift for
// bigger steps), Home and End.
import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import "./Splitter.css";

/** One arrow press moves the edge this far; with Shift, four times as far. */
export const STEP = 16;

interface SplitterProps {
  label: string;
  /** The pane's width now, and the least and most it may be. */
  value: number;
  min: number;
  max: number;
  /** +1 when moving the edge right widens the pane (it is on the edge's left), -1 otherwise. */
  direction: 1 | -1;
  onChange: (width: number) => void;
  /** A drag or a key press is over: the moment to save. */
  onCommit: () => void;
  /** The id of the pane it resizes. */
  controls?: string;
  testId?: string;
}

export function Splitter({ label, value, min, max, direction, onChange, onCommit, controls, testId }: SplitterProps) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const clamp = (width: number) => Math.round(Math.min(max, Math.max(min, width)));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? STEP * 4 : STEP;
    // The arrows move the edge the way they point, whichever side the pane is on.
    const moves: Partial<Record<string, number>> = {
      ArrowLeft: value - step * direction,
      ArrowRight: value + step * direction,
      Home: min,
      End: max,
    };
    const next = moves[event.key];
    if (next === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    onChange(clamp(next));
    onCommit();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    // Kept from selecting text, the edge still takes focus: the arrow keys go on from there.
    event.currentTarget.focus();
    // Not every engine has pointer capture (jsdom has not): the drag then follows the splitter.
    if ("setPointerCapture" in event.currentTarget) event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, width: value };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onChange(clamp(drag.current.width + (event.clientX - drag.current.x) * direction));
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = null;
    onCommit();
  };

  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-controls={controls}
      tabIndex={0}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    />
  );
}
