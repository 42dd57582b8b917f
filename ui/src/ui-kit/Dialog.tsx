// The modal dialog: portal, title, close button and footer, focus moved in and back, Tab kept
// inside, Escape and backdrop to close, the app inert behind it, and an optional form body.
import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from "react";
import { createPortal } from "react-dom";
import "./Dialog.css";

interface DialogProps {
  title: string;
  /** Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  /** The buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  /** `alertdialog` for a confirmation that interrupts. */
  role?: "dialog" | "alertdialog";
  size?: "small" | "medium" | "large";
  closeLabel: string;
  testId?: string;
  /** Makes the body and footer one form: Enter in a field submits, the footer's submit button too. */
  onSubmit?: () => void;
  /** A body of text alone (no control in it) gets a tab stop, so the keyboard can scroll it. */
  scrollableText?: boolean;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest("[inert]"));
}

/**
 * A modal dialog: named by its title, focus moves in on open (the first element marked
 * `data-autofocus`, else the first focusable one), Tab cycles inside, Escape closes, and focus
 * goes back to whatever had it before. The rest of the page is inert meanwhile.
 */
export function Dialog({
  title,
  onClose,
  footer,
  role = "dialog",
  size = "medium",
  closeLabel,
  testId,
  onSubmit,
  scrollableText = false,
  children,
}: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(onClose);

  // Escape is heard on the whole document: focus may have fallen to the body (a focused button
  // became disabled while busy) and the dialog must still close from the keyboard.
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      close();
    };
    document.addEventListener("keydown", onEscape);
    return () => document.removeEventListener("keydown", onEscape);
  }, []);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    const app = document.getElementById("root");
    // Only the outermost dialog makes the app inert; a nested one lives in the same portal layer.
    const madeInert = app !== null && !app.inert && !app.contains(root);
    if (madeInert) app.inert = true;
    if (root) {
      const preferred = root.querySelector<HTMLElement>("[data-autofocus]");
      (preferred ?? focusables(root)[0] ?? root).focus();
    }
    return () => {
      if (madeInert) app.inert = false;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab" || !panel.current) return;
    const items = focusables(panel.current);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const content = (
    <>
      <div className="dialog__body" tabIndex={scrollableText ? 0 : undefined}>
        {children}
      </div>
      {footer !== undefined && <footer className="dialog__footer">{footer}</footer>}
    </>
  );

  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className={`dialog dialog--${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="dialog__close" aria-label={closeLabel} title={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {onSubmit ? (
          <form
            className="dialog__form"
            noValidate
            onSubmit={(event: SyntheticEvent) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {content}
          </form>
        ) : (
          content
        )}
      </div>
    </div>,
    document.body,
  );
}
