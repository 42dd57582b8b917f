// Noticing that a connection came back up (became ready after anything else) while it stays in
// view, so its details can be read again.
import { useEffect, useEffectEvent, useRef } from "react";
import type { ConnectionId, ConnectionStatus } from "../../ipc";

/**
 * Calls `onReady` when the connection becomes ready after being anything else (a reconnect, a
 * recovery) while the same connection stays in view. An unknown status (not loaded yet) is no
 * transition, and neither is switching to another connection: whoever shows the connection
 * loads it for the new key anyway.
 */
export function useReadyAgain(
  connectionId: ConnectionId | null,
  status: ConnectionStatus | undefined,
  onReady: () => void,
): void {
  const phase = status?.state;
  const seen = useRef({ connectionId, phase });
  const cameUp = useEffectEvent(onReady);
  useEffect(() => {
    const before = seen.current;
    seen.current = { connectionId, phase };
    const ready = before.phase !== undefined && before.phase !== "ready" && phase === "ready";
    if (before.connectionId === connectionId && ready) cameUp();
  }, [connectionId, phase]);
}
