// Server text as text nodes with its hidden characters shown as visible markers (reveal.ts).
import { Fragment } from "react";
import { revealSegments } from "./reveal";
import "./RevealedText.css";

/**
 * Server text with its hidden characters shown as markers (see reveal.ts). Rendered as text
 * nodes only. `keepLayout` shows the text as lines (contents, descriptions: tabs, line breaks
 * and spaces kept); without it, it is one line (names, URIs: those are revealed too).
 */
export function RevealedText({ text, keepLayout = false }: { text: string; keepLayout?: boolean }) {
  const segments = revealSegments(text, keepLayout ? "lines" : "line");
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
