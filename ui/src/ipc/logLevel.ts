// A connection's log level: kept with the connection and sent to its server.
import type { ConnectionId } from "./bindings/ConnectionId";
import { call } from "./commands";

/**
 * Keeps `level` for the connection (null: the server's default) and asks a running server that
 * logs for it now (`logging/setLevel`). Resolves true when the server was asked.
 */
export function setLogLevel(connectionId: ConnectionId, level: string | null): Promise<boolean> {
  return call<boolean>("set_log_level", { connectionId, level });
}
