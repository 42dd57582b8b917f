/**
 * Lode's one rule for showing text it did not write (a server's names, URIs, descriptions,
 * contents): every character that draws nothing, draws as something else, or reorders what
 * follows is shown as a visible ⟨U+XXXX⟩ marker. This is the window's copy of the Rust rule
 * (`lode-core/src/reveal/mod.rs`, whose comment gives each class and why); both run the cases
 * of `lode-core/src/reveal/cases.json`, so they cannot drift apart.
 *
 * In short: controls, format characters (bidirectional controls, zero-width space, tags…),
 * line/paragraph separators, fillers, noncharacters, private use and lone surrogates are
 * revealed. Zero-width joiners are kept between two visible non-ASCII characters (emoji,
 * Persian, Indic scripts), a variation selector directly after a visible non-ASCII character
 * or a keycap base. Tab, line feed and CR LF are kept in "lines" (contents, descriptions),
 * and so are spaces other than U+0020; in "line" (a name, a URI) all of them are revealed.
 */

/** One line (a name, a URI, a title) or text with lines (a description, contents). */
export type Shape = "line" | "lines";

/**
 * How a hidden character is shown: ⟨U+XXXX⟩. Not the Control Pictures symbols (␇): many
 * systems' fonts lack them and draw an empty box, which hides what the character was.
 */
export function markerFor(codePoint: number): string {
  return `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}⟩`;
}

const isJoiner = (cp: number) => cp === 0x200c || cp === 0x200d;
const isSelector = (cp: number) => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
const isOddSpace = (cp: number) =>
  cp === 0xa0 || cp === 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x202f || cp === 0x205f || cp === 0x3000;
const isKeycapBase = (cp: number) => (cp >= 0x30 && cp <= 0x39) || cp === 0x23 || cp === 0x2a;

/** Inclusive ranges of code points hidden in every shape (the Rust `always_hidden`). */
const ALWAYS_HIDDEN: readonly (readonly [number, number])[] = [
  [0x00, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x600, 0x605],
  [0x61c, 0x61c],
  [0x6dd, 0x6dd],
  [0x70f, 0x70f],
  [0x890, 0x891],
  [0x8e2, 0x8e2],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200b],
  [0x200e, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  // Lone surrogates: never text (Rust strings cannot hold them).
  [0xd800, 0xdfff],
  [0xe000, 0xf8ff],
  [0xfdd0, 0xfdef],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff9, 0xfffc],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe007f],
  [0xf0000, 0x10ffff],
];

function alwaysHidden(cp: number): boolean {
  if (cp >= 0x20 && cp < 0x7f) return false;
  // Noncharacters: the last two code points of every plane.
  if ((cp & 0xfffe) === 0xfffe) return true;
  return ALWAYS_HIDDEN.some(([low, high]) => cp >= low && cp <= high);
}

function hiddenAlone(cp: number, shape: Shape): boolean {
  if (cp === 0x09 || cp === 0x0a || isOddSpace(cp)) return shape === "line";
  return alwaysHidden(cp);
}

/** The code point of `char` (one code point, or a lone surrogate). */
const codeOf = (char: string) => char.codePointAt(0) ?? 0;

/**
 * Whether each of `chars` (code points, as `Array.from(text)` gives them) is hidden. `next`
 * is the character after the last one, when `chars` is the head of a longer text.
 */
export function hiddenFlags(chars: readonly string[], shape: Shape, next?: string): boolean[] {
  const flags: boolean[] = [];
  const joins = (cp: number) => cp > 0x7f && !hiddenAlone(cp, shape);
  chars.forEach((char, index) => {
    const cp = codeOf(char);
    const before = index > 0 ? codeOf(chars[index - 1] ?? "") : undefined;
    const beforeHidden = index > 0 ? (flags[index - 1] ?? true) : true;
    const afterChar = index + 1 < chars.length ? chars[index + 1] : next;
    const after = afterChar === undefined ? undefined : codeOf(afterChar);
    let hidden: boolean;
    if (cp === 0x0d && shape === "lines") {
      hidden = after !== 0x0a;
    } else if (isJoiner(cp)) {
      const joinsBefore = before !== undefined && !beforeHidden && !isJoiner(before) && joins(before);
      const joinsAfter = after !== undefined && !isSelector(after) && !isJoiner(after) && joins(after);
      hidden = !(joinsBefore && joinsAfter);
    } else if (isSelector(cp)) {
      const base =
        before !== undefined &&
        !beforeHidden &&
        !isJoiner(before) &&
        !isSelector(before) &&
        (before > 0x7f || isKeycapBase(before));
      hidden = !base;
    } else {
      hidden = hiddenAlone(cp, shape);
    }
    flags.push(hidden);
  });
  return flags;
}

/** Text with nothing to reveal whatever its shape (nearly all of it), found without a copy. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** A plain run of text, or one hidden character's marker. */
export type Segment = { text: string } | { marker: string; codePoint: number };

/** `text` split into plain runs and markers. */
export function revealSegments(text: string, shape: Shape = "line"): Segment[] {
  if (PRINTABLE_ASCII.test(text)) return [{ text }];
  const chars = Array.from(text);
  const flags = hiddenFlags(chars, shape);
  const segments: Segment[] = [];
  let plain = "";
  chars.forEach((char, index) => {
    if (flags[index]) {
      if (plain) segments.push({ text: plain });
      plain = "";
      const codePoint = codeOf(char);
      segments.push({ marker: markerFor(codePoint), codePoint });
    } else {
      plain += char;
    }
  });
  if (plain || segments.length === 0) segments.push({ text: plain });
  return segments;
}

/** `text` with every hidden character replaced by its marker, as one string (for titles). */
export function revealed(text: string, shape: Shape = "line"): string {
  return revealSegments(text, shape)
    .map((segment) => ("marker" in segment ? segment.marker : segment.text))
    .join("");
}

/** Whether `text` holds anything `revealSegments` would mark. */
export function hasHidden(text: string, shape: Shape = "line"): boolean {
  return hiddenFlags(Array.from(text), shape).some(Boolean);
}
