/**
 * Untrusted text (names, URIs, descriptions from servers) made safe to show on one line:
 * cut to a number of code points without reading a huge string whole, and control characters
 * and invisible formatting characters (bidirectional overrides such as U+202E, zero-width
 * spaces) shown as ⟨U+XXXX⟩ markers, so a name can neither reorder the
 * text around it nor hide part of itself. Match positions are code point indices.
 */

/** The default cut: enough for any honest name or URI on one line. */
export const TEXT_LIMIT = 300;

/**
 * Invisible characters worth seeing, beyond the C0/C1 controls: soft hyphen, Arabic letter
 * mark, Hangul fillers, Mongolian vowel separator, zero-width space, LRM/RLM, line/paragraph
 * separators, bidi embeddings/overrides/isolates, word joiner and invisible operators, BOM,
 * interlinear annotation marks. Zero-width joiners stay: emoji and several scripts need them.
 */
const HIDDEN_FORMAT = new Set([
  0xad, 0x61c, 0x115f, 0x1160, 0x180e, 0x200b, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d,
  0x202e, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x2066, 0x2067, 0x2068, 0x2069, 0x206a, 0x206b, 0x206c, 0x206d,
  0x206e, 0x206f, 0x3164, 0xfeff, 0xfff9, 0xfffa, 0xfffb,
]);

function isHidden(codePoint: number): boolean {
  return codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f) || HIDDEN_FORMAT.has(codePoint);
}

/**
 * How a hidden character is shown: ⟨U+XXXX⟩. Not the Control Pictures symbols (␇): many
 * systems' fonts lack them and draw an empty box, which hides what the character was.
 */
export function markerFor(codePoint: number): string {
  return `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}⟩`;
}

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
  const matched = matches.length > 0 ? new Set(matches) : null;
  const pieces: TextPiece[] = [];
  let current: TextPiece | null = null;
  chars.forEach((char, index) => {
    const codePoint = char.codePointAt(0) ?? 0;
    const hidden = isHidden(codePoint);
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

/** `text` safe for a tooltip or an accessible name: cut, hidden characters as markers. */
export function visibleText(text: string, limit = TEXT_LIMIT): string {
  const { pieces, cut } = textPieces(text, [], limit);
  return pieces.map((piece) => piece.text).join("") + (cut ? "…" : "");
}
