import { useEffect, useRef } from "react";
import {
  listResources,
  toLodeError,
  type ConnectionId,
  type ConnectionStatus,
  type LodeError,
  type ResourceItem,
} from "../../ipc";
import { useAsync } from "../../ui-kit/useAsync";
import { useHubEvents } from "../connections/useHubEvents";

/**
 * The resources of a connection. They are listed again, keeping the current list on screen
 * meanwhile, when the connection becomes ready after being anything else (a reconnect, a
 * recovery) and when its server says its resource list changed.
 */
export function useResources(connectionId: ConnectionId | null, status: ConnectionStatus | undefined) {
  const { state, reload, refresh } = useAsync<ResourceItem[], LodeError>(
    connectionId === null ? null : `resources:${connectionId}`,
    () => (connectionId === null ? Promise.resolve([]) : listResources(connectionId)),
    toLodeError,
  );

  // An unknown status (not loaded yet) is no transition: the first listing is under way.
  const phase = status?.state;
  const seen = useRef({ connectionId, phase });
  useEffect(() => {
    const before = seen.current;
    seen.current = { connectionId, phase };
    const cameUp = before.phase !== undefined && before.phase !== "ready" && phase === "ready";
    if (before.connectionId === connectionId && cameUp) refresh();
  }, [connectionId, phase, refresh]);

  useHubEvents(({ connection, kind }) => {
    if (connection === connectionId && kind.type === "server" && kind.payload.kind === "resourceListChanged") {
      refresh();
    }
  });

  return { state, reload };
}
