// Which of a server's icons to show: one that can be shown (an inline data: image, or an
// https one Lode fetches), drawn for the current scheme when the server offers one.
import type { Icon } from "../../ipc";
import type { Scheme } from "./scheme";

/** A data: URI icon larger than this is not worth decoding for a small square. */
const MAX_INLINE_CHARS = 64 * 1024;
const INLINE = /^data:image\/[a-z0-9.+-]+[;,]/i;
const REMOTE = /^https:\/\//i;

export type PickedIcon = { kind: "inline"; src: string } | { kind: "remote"; src: string };

function usable(icon: Icon): PickedIcon | null {
  if (INLINE.test(icon.src) && icon.src.length <= MAX_INLINE_CHARS) return { kind: "inline", src: icon.src };
  if (REMOTE.test(icon.src)) return { kind: "remote", src: icon.src };
  return null;
}

/**
 * The icon to show under `scheme`: the server's first one drawn for it, else its first one
 * for any theme, else one for the other theme (better than none); inline before remote at
 * the same rank, as it costs no fetch. `null` when none can be shown.
 */
export function pickIcon(icons: readonly Icon[] | undefined, scheme: Scheme): PickedIcon | null {
  if (!icons || icons.length === 0) return null;
  const rank = (icon: Icon) => (icon.theme === scheme ? 0 : icon.theme === undefined ? 1 : 2);
  let best: { picked: PickedIcon; score: number } | null = null;
  for (const icon of icons) {
    const picked = usable(icon);
    if (picked === null) continue;
    const score = rank(icon) * 2 + (picked.kind === "inline" ? 0 : 1);
    if (best === null || score < best.score) best = { picked, score };
  }
  return best?.picked ?? null;
}
