/**
 * Server strings shown as what they are: control characters become visible symbols, and
 * invisible formatting characters (bidirectional overrides such as U+202E, zero-width
 * characters) become ⟨U+XXXX⟩ markers, so a name cannot pretend to be something else
 * ("Trojan Source" reordering, hidden text) and cannot spill its direction into the UI.
 */

export type Segment = { text: string } | { marker: string; codePoint: number };

/**
 * C0 controls, DEL, C1 controls, and the invisible format characters worth seeing. Zero-width
 * joiners (U+200C, U+200D) and variation selectors stay: emoji and several scripts need them.
 */
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point.
  /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B\u200E\u200F\u2028-\u202E\u2060-\u206F\u3164\uFEFF\uFFF9-\uFFFB]/g;

/** Line breaks and tabs are layout in contents, but not in a one-line name. */
const LAYOUT = new Set([0x09, 0x0a, 0x0d]);

/** How one hidden character is shown: a Control Pictures symbol for C0 and DEL, else ⟨U+XXXX⟩. */
export function markerFor(codePoint: number): string {
  if (codePoint <= 0x1f) return String.fromCodePoint(0x2400 + codePoint);
  if (codePoint === 0x7f) return "\u2421";
  return `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}⟩`;
}

/**
 * Splits `text` into plain runs and markers. `keepLayout` leaves tabs and line breaks as they
 * are (for contents); without it they are revealed too (for names, URIs, descriptions).
 */
export function revealSegments(text: string, keepLayout = false): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(HIDDEN)) {
    const codePoint = match[0].charCodeAt(0);
    if (keepLayout && LAYOUT.has(codePoint)) continue;
    if (match.index > last) segments.push({ text: text.slice(last, match.index) });
    segments.push({ marker: markerFor(codePoint), codePoint });
    last = match.index + 1;
  }
  if (last < text.length || segments.length === 0) segments.push({ text: text.slice(last) });
  return segments;
}

/** Whether `text` holds anything `revealSegments` would mark. */
export function hasHidden(text: string, keepLayout = false): boolean {
  for (const match of text.matchAll(HIDDEN)) {
    if (!keepLayout || !LAYOUT.has(match[0].charCodeAt(0))) return true;
  }
  return false;
}

/** `text` with every hidden character replaced by its marker, as one string (for titles). */
export function revealed(text: string, keepLayout = false): string {
  return revealSegments(text, keepLayout)
    .map((segment) => ("marker" in segment ? segment.marker : segment.text))
    .join("");
}

/**
 * The first `limit` UTF-16 units of `text`, never splitting a surrogate pair, and whether
 * anything was cut.
 */
export function truncate(text: string, limit: number): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  let end = limit;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), cut: true };
}
