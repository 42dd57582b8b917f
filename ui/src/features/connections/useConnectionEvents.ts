// Listening to the connection events (lode://connections) for a component's lifetime, with a
// hook for reading a snapshot once the listener is registered.
import { useEffect, useEffectEvent } from "react";
import { onConnectionEvent, stopListening, type ConnectionEvent, type UnlistenFn } from "../../ipc";

/**
 * Calls `onEvent` with every connection event while the component is mounted, and stops listening on
 * unmount (also when the listener only finishes registering after that).
 *
 * `onListening` runs once the listener is registered (or could not be): a snapshot read from
 * then on misses no change, since every later change also arrives as an event. Its signal is
 * aborted on unmount.
 */
export function useConnectionEvents(
  onEvent: (event: ConnectionEvent) => void,
  onListening?: (signal: AbortSignal) => void,
): void {
  const deliver = useEffectEvent(onEvent);
  const listening = useEffectEvent((signal: AbortSignal) => onListening?.(signal));

  useEffect(() => {
    const mounted = new AbortController();
    let unlisten: UnlistenFn | null = null;
    onConnectionEvent((event) => {
      if (!mounted.signal.aborted) deliver(event);
    })
      .then(
        (stop) => {
          if (mounted.signal.aborted) stopListening(stop);
          else unlisten = stop;
        },
        () => {
          // No event channel: whatever the snapshot says stays until the next reload.
        },
      )
      .finally(() => {
        if (!mounted.signal.aborted) listening(mounted.signal);
      });
    return () => {
      mounted.abort();
      unlisten?.();
    };
  }, []);
}
