import { listConnections, toLodeError, type ConnectionSummary, type LodeError } from "../../ipc";
import { useAsync } from "../../ui-kit/useAsync";

export function useConnections() {
  return useAsync<ConnectionSummary[], LodeError>("connections", listConnections, toLodeError);
}
