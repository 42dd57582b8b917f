// Matching the palette's own lists (servers, templates, prompts, tools) against what is typed:
// every word must be found, the label first, and the best few kept in their listed order.
import { GROUP_LIMIT } from "./paletteEntries";

export interface Match {
  /** 0: the label starts with the text; 1: every word is in the label; 2: some only elsewhere. */
  rank: number;
  /** Code point indices of the label to mark. */
  matches: number[];
}

/** The words of `text`, lower-cased; none for blank text (which matches everything). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter((word) => word !== "");
}

/**
 * Whether `label` (or, word by word, one of `also`: a name, a description) holds every word of
 * `words`, case-insensitively, and how well. Plain substring search: these lists are small and
 * already in memory, while the browser's index (fuzzy, in Rust) answers for resources.
 */
export function matchWords(words: readonly string[], label: string, also: readonly (string | undefined)[] = []): Match | null {
  const lowLabel = label.toLowerCase();
  const others = also.filter((text): text is string => text !== undefined).map((text) => text.toLowerCase());
  let inLabel = true;
  for (const word of words) {
    if (lowLabel.includes(word)) continue;
    if (!others.some((text) => text.includes(word))) return null;
    inLabel = false;
  }
  const rank = words.length > 0 && lowLabel.startsWith(words.join(" ")) ? 0 : inLabel ? 1 : 2;
  return { rank, matches: markedIndices(label, lowLabel, words) };
}

/**
 * The code points of each word's first place in the label. Lower-casing can change a string's
 * length (İ becomes two code points); then indices would not line up, and nothing is marked.
 */
function markedIndices(label: string, lowLabel: string, words: readonly string[]): number[] {
  if (Array.from(label).length !== Array.from(lowLabel).length) return [];
  const marked = new Set<number>();
  for (const word of words) {
    const at = lowLabel.indexOf(word);
    if (at < 0) continue;
    const start = Array.from(lowLabel.slice(0, at)).length;
    const length = Array.from(word).length;
    for (let i = 0; i < length; i++) marked.add(start + i);
  }
  return [...marked].sort((a, b) => a - b);
}

/**
 * The best `limit` of `items` for `text`: by rank, then in the order given (servers in the
 * person's order, each server's items in its own). Blank text keeps the first `limit`.
 */
export function bestMatches<T>(
  items: readonly T[],
  text: string,
  fields: (item: T) => { label: string; also?: readonly (string | undefined)[] },
  limit = GROUP_LIMIT,
): { item: T; matches: number[] }[] {
  const words = wordsOf(text);
  const found: { item: T; match: Match; at: number }[] = [];
  items.forEach((item, at) => {
    const { label, also } = fields(item);
    const match = matchWords(words, label, also);
    if (match) found.push({ item, match, at });
  });
  found.sort((a, b) => a.match.rank - b.match.rank || a.at - b.at);
  return found.slice(0, limit).map(({ item, match }) => ({ item, matches: match.matches }));
}
