// Type-ahead for lists: which keys count, the prefix being typed (reset after a pause, cycling
// on a repeated letter), and finding the next label that starts with it.
import { useRef } from "react";

/** Keys typed within this long of each other extend one prefix. */
export const TYPEAHEAD_PAUSE_MS = 700;

/** Whether a key press is a printable character for type-ahead (not a shortcut, not Space). */
export function isTypeaheadKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): boolean {
  return event.key.length === 1 && event.key !== " " && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/**
 * The prefix being typed: each call adds a character and returns the whole prefix, which
 * starts over after a pause. Typing the same letter again cycles (the prefix stays one letter).
 */
export function useTypeahead(): (char: string, now?: number) => string {
  const state = useRef({ prefix: "", at: 0 });
  return (char, now = performance.now()) => {
    const current = state.current;
    const fresh = now - current.at > TYPEAHEAD_PAUSE_MS;
    const prefix = fresh ? char : current.prefix + char;
    // "aaa" means "the next row starting with a", as in file managers.
    const cycling = Array.from(prefix).every((c) => c.toLowerCase() === char.toLowerCase());
    state.current = { prefix: cycling ? char : prefix, at: now };
    return state.current.prefix;
  };
}

/**
 * The first index after `from` (wrapping round) whose label starts with `prefix`, ignoring
 * case, among the indices `candidates` yields in ascending order; null when none does. With a
 * longer prefix the row at `from` itself may still match (the user is refining it).
 */
export function findByPrefix(
  prefix: string,
  from: number,
  candidates: Iterable<[number, string]>,
): number | null {
  const wanted = prefix.toLocaleLowerCase();
  const stayOk = Array.from(prefix).length > 1;
  // Only a label's head can match: never lower-case a megabyte name whole.
  const head = prefix.length * 2 + 8;
  let first: number | null = null;
  for (const [index, label] of candidates) {
    if (!label.slice(0, head).toLocaleLowerCase().startsWith(wanted)) continue;
    if (index > from || (stayOk && index === from)) return index;
    first ??= index;
  }
  return first;
}
