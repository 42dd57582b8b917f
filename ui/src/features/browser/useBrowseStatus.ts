// Every server's listing state and the index's generation, followed live from the browse
// status event after one snapshot (the newer generation wins).
import { useEffect, useState } from "react";
import {
  browseStatus,
  earlyBrowseStatus,
  onBrowseStatus,
  stopListening,
  type BrowseStatus,
  type UnlistenFn,
} from "../../ipc";

/**
 * Where every server's listing stands, live: the listener is registered first, then the
 * snapshot asked for; whichever has the newer generation wins. Null until either arrives.
 * The status sent as the script began (askBrowserEarly) is shown first, so the rows need not
 * wait for the listener; it is taken apart from the snapshot asked after the listener, since
 * a change between it and the listener would otherwise be missed.
 */
export function useBrowseStatus(): BrowseStatus | null {
  const [status, setStatus] = useState<BrowseStatus | null>(null);

  useEffect(() => {
    const mounted = new AbortController();
    let unlisten: UnlistenFn | null = null;
    const take = (next: BrowseStatus) => {
      if (mounted.signal.aborted) return;
      setStatus((current) => (current !== null && current.generation > next.generation ? current : next));
    };
    const ask = () => {
      // Without a snapshot the browser starts from an empty index; events bring the rest.
      browseStatus().then(take, () => take({ generation: 0, servers: [] }));
    };
    earlyBrowseStatus()?.then(take, () => undefined);
    onBrowseStatus(take).then(
      (stop) => {
        if (mounted.signal.aborted) {
          stopListening(stop);
          return;
        }
        unlisten = stop;
        ask();
      },
      ask,
    );
    return () => {
      mounted.abort();
      unlisten?.();
    };
  }, []);

  return status;
}
