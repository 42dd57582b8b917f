// The part of a description to show on a row that matched there: from a little before its
// first marked character, with the marks moved to match, so the marked words are in view.

/** Characters of context kept before the first match. */
const LEAD = 16;

export interface Snippet {
  text: string;
  matches: number[];
}

/**
 * `description` from a little before its first match (code points, as the index counts), with
 * "…" in front when it was cut, and `matches` shifted onto the cut text.
 */
export function descriptionSnippet(description: string, matches: readonly number[]): Snippet {
  const first = matches[0] ?? 0;
  if (first <= LEAD) return { text: description, matches: [...matches] };
  const chars = Array.from(description);
  const start = first - LEAD;
  // "…" takes the place of one code point, so indices move by start - 1.
  return { text: `…${chars.slice(start).join("")}`, matches: matches.map((at) => at - start + 1) };
}
