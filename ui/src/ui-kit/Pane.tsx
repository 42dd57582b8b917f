// The titled column every pane of the window is: header with title and aside, body, optional
// footer, named as a region.
import { useId, type KeyboardEventHandler, type ReactNode, type Ref } from "react";

interface PaneProps {
  title: string;
  /** Right side of the header: counts, actions. */
  aside?: ReactNode;
  /** A bar under the body, for the pane's less frequent actions. */
  footer?: ReactNode;
  className?: string;
  testId?: string;
  /** For a pane that opens on demand: its id (for aria-controls), focus target and keys. */
  id?: string;
  ref?: Ref<HTMLElement>;
  tabIndex?: number;
  onKeyDown?: KeyboardEventHandler<HTMLElement>;
  children: ReactNode;
}

/** A titled column of the window; the title names the region for assistive technology. */
export function Pane({ title, aside, footer, className, testId, id, ref, tabIndex, onKeyDown, children }: PaneProps) {
  const titleId = useId();
  return (
    <section
      ref={ref}
      id={id}
      tabIndex={tabIndex}
      onKeyDown={onKeyDown}
      className={`pane${className ? ` ${className}` : ""}`}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <header className="pane__header">
        <h2 id={titleId} className="pane__title">
          {title}
        </h2>
        {aside !== undefined && <div className="pane__aside">{aside}</div>}
      </header>
      <div className="pane__body">{children}</div>
      {footer !== undefined && <footer className="pane__footer">{footer}</footer>}
    </section>
  );
}
