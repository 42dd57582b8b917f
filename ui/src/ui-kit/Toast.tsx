// The short-lived notice in the header's free middle (over the tagline, never over a control),
// with one action (such as Undo), held open while the pointer or focus is on it.
import { useEffect, useEffectEvent, useState } from "react";
import { createPortal } from "react-dom";
import "./Toast.css";

interface ToastProps {
  message: string;
  actionLabel?: string;
  onAction?: () => void;
  /** Called after `timeoutMs`, or when the person dismisses it. */
  onDismiss: () => void;
  dismissLabel: string;
  /** Default: long enough to read the message (see `readingTime`). */
  timeoutMs?: number;
  testId?: string;
  actionTestId?: string;
}

/** The shortest and longest a toast stays, and the reading time it adds per character. */
const MIN_MS = 4_000;
const MAX_MS = 10_000;
const PER_CHAR_MS = 60;
/** A toast with an action (Undo) stays at least this long: reaching for it takes a moment. */
const WITH_ACTION_MS = 8_000;

/** How long a toast of `message` stays: enough to read it, between 4 and 10 seconds. */
export function readingTime(message: string, hasAction: boolean): number {
  const reading = MIN_MS + message.length * PER_CHAR_MS;
  return Math.min(MAX_MS, Math.max(reading, hasAction ? WITH_ACTION_MS : MIN_MS));
}

/**
 * A short-lived message in the header with one action (Undo). Announced politely (role=status);
 * it stays while the pointer or focus is on it, so a person reaching for Undo does not lose it.
 * It sits in the header's empty middle, so it never hides a button of the panes.
 */
export function Toast({ message, actionLabel, onAction, onDismiss, dismissLabel, timeoutMs, testId, actionTestId }: ToastProps) {
  const stay = timeoutMs ?? readingTime(message, Boolean(actionLabel && onAction));
  const dismiss = useEffectEvent(onDismiss);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(() => dismiss(), stay);
    return () => window.clearTimeout(timer);
  }, [stay, message, held]);
  const hold = () => setHeld(true);
  const release = () => setHeld(false);

  return createPortal(
    <div
      className="toast"
      role="status"
      aria-live="polite"
      data-testid={testId}
      onMouseEnter={hold}
      onMouseLeave={release}
      onFocus={hold}
      onBlur={release}
    >
      <span className="toast__message" title={message}>
        {message}
      </span>
      {actionLabel && onAction && (
        <button type="button" className="toast__action" data-testid={actionTestId} onClick={onAction}>
          {actionLabel}
        </button>
      )}
      <button type="button" className="toast__dismiss" aria-label={dismissLabel} title={dismissLabel} onClick={onDismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>,
    document.body,
  );
}
