// Following a server's `notifications/tools/list_changed` and `prompts/list_changed`: the tab
// lists again, once per burst (debounced), keeping the old list on screen meanwhile.
import { useEffect, useRef } from "react";
import type { ConnectionId } from "../../ipc";
import { useConnectionEvents } from "../connections";

/** How long a burst of list_changed notifications is gathered before one listing. */
export const LIST_CHANGED_DEBOUNCE_MS = 300;

/** Calls `refresh` once, `LIST_CHANGED_DEBOUNCE_MS` after the last `kind` notification of `connection`. */
export function useListChanged(connection: ConnectionId, kind: "toolListChanged" | "promptListChanged", refresh: () => void): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useConnectionEvents((event) => {
    if (event.connection !== connection || event.kind.type !== "server" || event.kind.payload.kind !== kind) return;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      refresh();
    }, LIST_CHANGED_DEBOUNCE_MS);
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
}
