// Untrusted text on one line as text nodes: search matches marked, hidden characters shown,
// direction isolated, cut to a limit (serverText does the work).
import { Fragment, memo, type ReactNode } from "react";
import { TEXT_LIMIT, textPieces, type TextPiece } from "./serverText";
import "./HighlightedText.css";

interface HighlightedTextProps {
  text: string;
  /** Code point indices of `text` to mark (a search's matches). */
  matches?: readonly number[];
  limit?: number;
  className?: string;
}

const NONE: readonly number[] = [];

function hiddenMarker(piece: TextPiece): ReactNode {
  return piece.hidden ? (
    <span className="htext__hidden" data-testid="hidden-char">
      {piece.text}
    </span>
  ) : (
    piece.text
  );
}

/**
 * Untrusted text on one line, as text nodes only: matched characters in <mark>, hidden
 * characters as visible markers, its direction isolated from the line around it, cut to
 * `limit` code points (CSS ellipsis does the rest).
 */
export const HighlightedText = memo(function HighlightedText({
  text,
  matches = NONE,
  limit = TEXT_LIMIT,
  className,
}: HighlightedTextProps) {
  const { pieces, cut } = textPieces(text, matches, limit);
  return (
    <span className={className ? `htext ${className}` : "htext"}>
      {pieces.map((piece, index) =>
        // Pieces never move within one text: their position is their identity.
        piece.match ? <mark key={index}>{hiddenMarker(piece)}</mark> : <Fragment key={index}>{hiddenMarker(piece)}</Fragment>,
      )}
      {cut && "…"}
    </span>
  );
});
