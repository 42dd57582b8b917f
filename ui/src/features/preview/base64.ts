/**
 * Base64 as servers send it in `blob` fields: the standard alphabet, padding optional,
 * whitespace (line breaks) ignored. Anything else is a specific, reportable problem — a
 * server's bad blob must show as a message in its content block, never as a crash.
 */

export type Base64Problem =
  | { kind: "character"; offset: number; character: string }
  | { kind: "padding"; offset: number }
  | { kind: "length"; length: number };

/** Thrown by `decodeBase64` with the first problem found. */
export class Base64Error extends Error {
  constructor(readonly problem: Base64Problem) {
    super(describeBase64Problem(problem));
    this.name = "Base64Error";
  }
}

/** An English description for logs and tests; the UI localizes `problem` itself. */
export function describeBase64Problem(problem: Base64Problem): string {
  switch (problem.kind) {
    case "character":
      return `not base64: character ${JSON.stringify(problem.character)} at offset ${problem.offset}`;
    case "padding":
      return `not base64: "=" padding in the middle, at offset ${problem.offset}`;
    case "length":
      return `not base64: ${problem.length} characters cannot encode whole bytes`;
  }
}

const FOREIGN = /[^A-Za-z0-9+/=\s]/;
const WHITESPACE = /\s+/g;

/** The first problem of `text` as base64, or null when it decodes. Linear, no allocation of the bytes. */
export function base64Problem(text: string): Base64Problem | null {
  const foreign = FOREIGN.exec(text);
  if (foreign) {
    // Report a whole code point, so a surrogate pair shows as one character.
    const character = String.fromCodePoint(text.codePointAt(foreign.index) ?? 0xfffd);
    return { kind: "character", offset: foreign.index, character };
  }
  const firstPad = text.indexOf("=");
  if (firstPad !== -1) {
    const tail = text.slice(firstPad).replace(WHITESPACE, "");
    if (!/^={1,2}$/.test(tail)) return { kind: "padding", offset: firstPad };
  }
  const compact = firstPad === -1 ? countCompact(text) : countCompact(text.slice(0, firstPad));
  const padded = firstPad === -1 ? 0 : text.slice(firstPad).replace(WHITESPACE, "").length;
  if (compact % 4 === 1 || (padded > 0 && (compact + padded) % 4 !== 0)) {
    return { kind: "length", length: compact + padded };
  }
  return null;
}

function countCompact(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    // Whitespace per /\s/ in the base64 range of characters: space, \t, \n, \v, \f, \r.
    if (code !== 0x20 && (code < 0x09 || code > 0x0d)) count += 1;
  }
  return count;
}

/** The number of bytes a base64 string decodes to (whitespace ignored). */
export function base64DecodedSize(base64: string): number {
  const compact = countCompact(base64);
  const trimmed = base64.trimEnd();
  const padding = trimmed.endsWith("==") ? 2 : trimmed.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor(((compact - padding) * 3) / 4));
}

/**
 * The bytes of `text`; throws `Base64Error`. With `maxBytes`, decodes only the head (for a
 * hex dump of a large blob), still validating the whole string first.
 */
export function decodeBase64(text: string, maxBytes?: number): Uint8Array {
  const problem = base64Problem(text);
  if (problem) throw new Base64Error(problem);
  let compact = text.replace(WHITESPACE, "");
  if (maxBytes !== undefined && compact.length > Math.ceil(maxBytes / 3) * 4) {
    compact = compact.slice(0, Math.ceil(maxBytes / 3) * 4);
  }
  const binary = atob(compact);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return maxBytes === undefined ? bytes : bytes.subarray(0, maxBytes);
}

/** Base64 of UTF-8 text: how an SVG that arrived as text becomes an <img> data URL. */
export function utf8ToBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}
