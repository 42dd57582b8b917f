import { listResources, toLodeError, type ConnectionId, type LodeError, type ResourceItem } from "../../ipc";
import { useAsync } from "../../ui-kit/useAsync";

export function useResources(connectionId: ConnectionId | null) {
  return useAsync<ResourceItem[], LodeError>(
    connectionId === null ? null : `resources:${connectionId}`,
    () => (connectionId === null ? Promise.resolve([]) : listResources(connectionId)),
    toLodeError,
  );
}
