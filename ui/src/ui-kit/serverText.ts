/**
 * Untrusted text (names, URIs, descriptions from servers) made safe to show on one line:
 * cut to a number of code points without reading a huge string whole, and every hidden
 * character (Lode's one rule, ./reveal.ts) shown as a ⟨U+XXXX⟩ marker, so a name can neither
 * reorder the text around it nor hide part of itself. Match positions are code point indices.
 */
import { hiddenFlags, markerFor } from "./reveal";

export { markerFor };

/** The default cut: enough for any honest name or URI on one line. */
export const TEXT_LIMIT = 300;

/**
 * The first `limit` code points of `text`, and whether anything was cut. Reads at most
 * 2 × `limit` UTF-16 units, so a 10 MB name costs no more than a short one.
 */
export function firstCodePoints(text: string, limit: number): { chars: string[]; cut: boolean } {
  const head = text.length > limit * 2 ? text.slice(0, limit * 2) : text;
  const chars = Array.from(head);
  if (chars.length > limit) return { chars: chars.slice(0, limit), cut: true };
  // A slice may end inside a surrogate pair: the lone half is not shown.
  const last = chars.at(-1);
  if (head !== text && last?.length === 1 && /[\uD800-\uDBFF]/.test(last)) chars.pop();
  return { chars, cut: head !== text };
}

/** A run of shown text: matched by the search or not, a hidden character's marker or not. */
export interface TextPiece {
  text: string;
  match: boolean;
  hidden: boolean;
}

/**
 * `text` cut to `limit` code points and split into runs for rendering; `matches` are code
 * point indices into `text` (sorted or not; out-of-range ones are ignored).
 */
export function textPieces(
  text: string,
  matches: readonly number[],
  limit = TEXT_LIMIT,
): { pieces: TextPiece[]; cut: boolean } {
  const { chars, cut } = firstCodePoints(text, limit);
  // A joiner at the cut is judged by the character after it, not by the cut.
  const length = joinedLength(chars);
  const next = cut ? Array.from(text.slice(length, length + 2))[0] : undefined;
  const flags = hiddenFlags(chars, "line", next);
  const matched = matches.length > 0 ? new Set(matches) : null;
  const pieces: TextPiece[] = [];
  let current: TextPiece | null = null;
  chars.forEach((char, index) => {
    const codePoint = char.codePointAt(0) ?? 0;
    const hidden = flags[index] ?? true;
    const match = matched?.has(index) ?? false;
    const shown = hidden ? markerFor(codePoint) : char;
    if (current?.match === match && !current.hidden && !hidden) {
      current.text += shown;
    } else {
      current = { text: shown, match, hidden };
      pieces.push(current);
    }
  });
  return { pieces, cut };
}

/** How many UTF-16 units `chars` take. */
function joinedLength(chars: readonly string[]): number {
  return chars.reduce((sum, char) => sum + char.length, 0);
}

/** `text` safe for a tooltip or an accessible name: cut, hidden characters as markers. */
export function visibleText(text: string, limit = TEXT_LIMIT): string {
  const { pieces, cut } = textPieces(text, [], limit);
  return pieces.map((piece) => piece.text).join("") + (cut ? "…" : "");
}
