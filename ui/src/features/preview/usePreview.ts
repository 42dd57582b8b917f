import { readResource, toLodeError, type ConnectionId, type LodeError, type ResourceContent } from "../../ipc";
import { useAsync } from "../../ui-kit/useAsync";

export function usePreview(connectionId: ConnectionId | null, uri: string | null) {
  const key = connectionId === null || uri === null ? null : JSON.stringify([connectionId, uri]);
  return useAsync<ResourceContent[], LodeError>(
    key,
    () => (connectionId === null || uri === null ? Promise.resolve([]) : readResource(connectionId, uri)),
    toLodeError,
  );
}
