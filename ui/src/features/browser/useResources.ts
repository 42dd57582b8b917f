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
import { useReadyAgain } from "../connections/useReadyAgain";

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

  useReadyAgain(connectionId, status, refresh);

  useHubEvents(({ connection, kind }) => {
    if (connection === connectionId && kind.type === "server" && kind.payload.kind === "resourceListChanged") {
      refresh();
    }
  });

  return { state, reload };
}
