// The window's layout kept by the shell: the widths of its panes (the window's own size and
// place the shell saves and restores by itself).
import { call } from "./commands";

/** The pane widths last saved, CSS pixels left to right; empty when none were. */
export function paneWidths(): Promise<number[]> {
  return call<number[]>("pane_widths");
}

/** Saves the pane widths (in SQLite: a crash keeps the last ones saved). */
export async function savePaneWidths(widths: number[]): Promise<void> {
  await call<unknown>("save_pane_widths", { widths: widths.map((w) => Math.max(0, Math.round(w))) });
}
