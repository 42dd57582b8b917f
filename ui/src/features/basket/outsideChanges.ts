// Baskets change outside the window too: `lode basket` in a terminal, and an assistant's
// `suggest_context` with a basket named, in the `lode serve` process. The basket pane reads the
// list again every BASKETS_POLL_MS while it is shown and compares it with what it holds.
import type { BasketId, BasketSummary } from "../../ipc";

/** How often the shown basket pane looks for changes made by another process. */
export const BASKETS_POLL_MS = 1500;

/** What the newest list says happened elsewhere since `before`. */
export interface OutsideChange {
  /** Something differs: a basket added, removed, renamed, or its items changed. */
  changed: boolean;
  /** A basket that was not there before (the newest, when several): shown at once. */
  added: BasketId | null;
}

export function outsideChange(before: BasketSummary[] | null, after: BasketSummary[]): OutsideChange {
  if (before === null) return { changed: true, added: null };
  const known = new Map(before.map((b) => [b.id, b]));
  const added = after.filter((b) => !known.has(b.id));
  const changed =
    before.length !== after.length ||
    after.some((b) => {
      const old = known.get(b.id);
      return old?.revision !== b.revision || old.name !== b.name;
    });
  const newest = added.reduce<BasketSummary | null>((a, b) => (a === null || b.id > a.id ? b : a), null);
  return { changed, added: newest?.id ?? null };
}
