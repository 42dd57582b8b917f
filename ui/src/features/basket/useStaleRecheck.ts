// A changed resource may be in the basket: after a server says so, the basket is read again
// (the store marks the item stale, or reads it again when the basket refreshes on its own).
import { useEffect, useRef } from "react";
import { useConnectionEvents } from "../connections";

/** Server notifications may make items stale (or refresh them): read the basket again after a pause. */
const STALE_CHECK_DELAY_MS = 800;

/** Calls `reload` once a burst of resource-change notifications has paused. */
export function useStaleRecheck(reload: () => void): void {
  const timer = useRef<number | undefined>(undefined);
  useConnectionEvents((event) => {
    if (event.kind.type !== "server") return;
    const kind = event.kind.payload.kind;
    if (kind !== "resourceUpdated" && kind !== "resourceListChanged") return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(reload, STALE_CHECK_DELAY_MS);
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);
}
