// The widths of the window's side columns (connections on the left, the tabs on the right),
// set by their splitters, saved through the shell (SQLite: a crash keeps them) and restored at
// start, always clamped so the browser between them keeps its least width in the window.
import { useCallback, useEffect, useRef, useState } from "react";
import { paneWidths, savePaneWidths } from "../ipc";

export const CONNECTIONS = { min: 180, max: 480, initial: 240 } as const;
export const SIDE = { min: 320, max: 1200 } as const;
/** The browser never gets narrower than this: it holds the toolbar and the rows. */
export const BROWSER_MIN = 420;
/** The main area's padding (12 px each side) and the two splitters (12 px each). */
const CHROME = 48;
/** The narrowest window that holds the three columns at their least (tauri.conf.json's minWidth). */
export const LEAST_WINDOW_WIDTH = CONNECTIONS.min + BROWSER_MIN + SIDE.min + CHROME;

export interface Widths {
  connections: number;
  side: number;
}

/** The right column's width when none was saved: as the old 1.2 : 1 split of the rest. */
function initialSide(windowWidth: number, connections: number): number {
  return Math.round((windowWidth - CHROME - connections) / 2.2);
}

/** `wanted` fitted to a window `windowWidth` wide: each within its bounds, the browser ≥ its least. */
export function clampWidths(wanted: Widths, windowWidth: number): Widths {
  const room = windowWidth - CHROME - BROWSER_MIN;
  const connections = Math.min(CONNECTIONS.max, Math.max(CONNECTIONS.min, wanted.connections));
  const side = Math.max(SIDE.min, Math.min(SIDE.max, wanted.side, room - connections));
  // A window too narrow for both: the connections column gives way too, down to its least.
  const fitted = Math.max(CONNECTIONS.min, Math.min(connections, room - side));
  return { connections: Math.round(fitted), side: Math.round(side) };
}

/** The most a column may have now: the other one gives way down to its least. */
export function maxWidths(windowWidth: number): Widths {
  const room = windowWidth - CHROME - BROWSER_MIN;
  return {
    connections: Math.max(CONNECTIONS.min, Math.min(CONNECTIONS.max, room - SIDE.min)),
    side: Math.max(SIDE.min, Math.min(SIDE.max, room - CONNECTIONS.min)),
  };
}

/** `current` with `column` set to `width`, the other column narrowed when both no longer fit. */
export function withWidth(current: Widths, column: keyof Widths, width: number, windowWidth: number): Widths {
  const room = windowWidth - CHROME - BROWSER_MIN;
  const next = { ...current, [column]: width };
  const other: keyof Widths = column === "connections" ? "side" : "connections";
  const least = other === "side" ? SIDE.min : CONNECTIONS.min;
  next[other] = Math.max(least, Math.min(next[other], room - width));
  return next;
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener("resize", onResize);
    // A resize between the first render and this listener (a window manager maximizing the
    // window as it opens) fired unheard: read the width once more.
    onResize();
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return width;
}

/**
 * The columns' widths (what was saved, else the default split), fitted to the window; `set`
 * changes one while dragging or on a key, `commit` saves them.
 */
export function usePaneWidths() {
  const windowWidth = useWindowWidth();
  const [saved, setSaved] = useState<Widths | null>(null);
  const latest = useRef<Widths | null>(null);

  useEffect(() => {
    let current = true;
    paneWidths()
      .then(([connections, side]) => {
        // The person may have dragged before the answer came: theirs wins.
        if (current && latest.current === null && connections !== undefined && side !== undefined) {
          setSaved({ connections, side });
        }
      })
      .catch(() => {
        // No saved layout (or no shell, in a test): the default split.
      });
    return () => {
      current = false;
    };
  }, []);

  const wanted = saved ?? { connections: CONNECTIONS.initial, side: initialSide(windowWidth, CONNECTIONS.initial) };
  const widths = clampWidths(wanted, windowWidth);
  const max = maxWidths(windowWidth);

  const set = useCallback(
    (column: keyof Widths, width: number) => {
      const next = withWidth(widths, column, width, windowWidth);
      latest.current = next;
      setSaved(next);
    },
    [widths, windowWidth],
  );
  const commit = useCallback(() => {
    const now = latest.current;
    // Not saved (no shell, or the store failed): the widths still hold for this launch.
    if (now) void savePaneWidths([now.connections, now.side]).catch(() => undefined);
  }, []);

  const columns = `${widths.connections}px 12px minmax(${BROWSER_MIN}px, 1fr) 12px ${widths.side}px`;
  return { widths, max, set, commit, columns };
}
