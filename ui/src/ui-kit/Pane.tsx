import { useId, type ReactNode } from "react";

interface PaneProps {
  title: string;
  /** Right side of the header: counts, actions. */
  aside?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A titled column of the window; the title names the region for assistive technology. */
export function Pane({ title, aside, className, testId, children }: PaneProps) {
  const titleId = useId();
  return (
    <section className={`pane${className ? ` ${className}` : ""}`} aria-labelledby={titleId} data-testid={testId}>
      <header className="pane__header">
        <h2 id={titleId} className="pane__title">
          {title}
        </h2>
        {aside !== undefined && <div className="pane__aside">{aside}</div>}
      </header>
      <div className="pane__body">{children}</div>
    </section>
  );
}
