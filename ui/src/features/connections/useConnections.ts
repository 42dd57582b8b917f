// The saved connections, loaded from the shell.
import { listConnections, toLodeError, type Connection, type LodeError } from "../../ipc";
import { useAsync } from "../../ui-kit/useAsync";

export function useConnections() {
  return useAsync<Connection[], LodeError>("connections", listConnections, toLodeError);
}
