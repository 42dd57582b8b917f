/**
 * Server strings shown as what they are: Lode's one rule (ui-kit/reveal.ts) shows every hidden
 * character as a ⟨U+XXXX⟩ marker, so a name cannot pretend to be something else ("Trojan
 * Source" reordering, hidden text) and cannot spill its direction into the UI.
 */

export { hasHidden, markerFor, revealed, revealSegments, type Segment, type Shape } from "../../ui-kit/reveal";

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
