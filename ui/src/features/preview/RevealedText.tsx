// Server text as text nodes with its hidden characters shown as visible markers (reveal.ts).
import { Fragment } from "react";
import { revealSegments } from "./reveal";

/**
 * Server text with its hidden characters shown as markers (see reveal.ts). Rendered as text
 * nodes only. `keepLayout` leaves tabs and line breaks alone (contents); names reveal them.
 */
export function RevealedText({ text, keepLayout = false }: { text: string; keepLayout?: boolean }) {
  const segments = revealSegments(text, keepLayout);
  const [only] = segments;
  if (segments.length === 1 && only && "text" in only) return <>{text}</>;
  return (
    <>
      {segments.map((segment, index) =>
        "marker" in segment ? (
          <span key={index} className="hidden-char" data-testid="hidden-char">
            {segment.marker}
          </span>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}
