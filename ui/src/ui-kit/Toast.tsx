// The short-lived notice at the bottom of the window, with one action (such as Undo), held open
// while the pointer or focus is on it.
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
  timeoutMs?: number;
  testId?: string;
  actionTestId?: string;
}

/**
 * A short-lived message at the bottom of the window with one action (Undo). Announced politely;
 * it stays while the pointer or focus is on it, so a person reaching for Undo does not lose it.
 */
export function Toast({ message, actionLabel, onAction, onDismiss, dismissLabel, timeoutMs = 10_000, testId, actionTestId }: ToastProps) {
  const dismiss = useEffectEvent(onDismiss);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(() => dismiss(), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [timeoutMs, message, held]);
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
      <span className="toast__message">{message}</span>
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
