// The arithmetic of reordering a list by dragging or by keys, apart from the DOM: where a
// pointer's height falls between the rows, and the index a moved row ends at.

/** The vertical extent of one row on screen. */
export interface RowSpan {
  top: number;
  bottom: number;
}

/**
 * The gap a pointer at height `y` points at: 0 is above the first row, `rows.length` below the
 * last. A row's upper half means the gap above it, its lower half the gap below.
 */
export function gapAt(rows: readonly RowSpan[], y: number): number {
  const index = rows.findIndex((row) => y < (row.top + row.bottom) / 2);
  return index === -1 ? rows.length : index;
}

/**
 * The index the row at `from` ends at when dropped into gap `gap` (the store's "move to index"
 * takes it out first, then inserts): the gaps just above and below a row leave it in place.
 */
export function indexForGap(from: number, gap: number): number {
  return gap > from ? gap - 1 : gap;
}

/** The index Alt+Up / Alt+Down moves the row at `from` to, or null at the end it cannot pass. */
export function indexForKey(key: string, from: number, count: number): number | null {
  if (key === "ArrowUp") return from > 0 ? from - 1 : null;
  if (key === "ArrowDown") return from < count - 1 ? from + 1 : null;
  return null;
}

/** `keys` with `key` taken out and put back at `index` (clamped): what the list shows at once. */
export function moved<K>(keys: readonly K[], key: K, index: number): K[] {
  const from = keys.indexOf(key);
  if (from === -1) return [...keys];
  const rest = keys.filter((_, i) => i !== from);
  rest.splice(Math.min(Math.max(index, 0), rest.length), 0, key);
  return rest;
}
