// A connection's server details: what the server said about itself, and the tail of its stderr.
import type { ConnectionId } from "./bindings/ConnectionId";
import type { ServerInfo } from "./bindings/ServerInfo";
import { call } from "./commands";

/** What the server said about itself in the handshake. Fails while the connection is not ready. */
export function serverInfo(connectionId: ConnectionId): Promise<ServerInfo> {
  return call<ServerInfo>("server_info", { connectionId });
}

/**
 * The newest `lines` a local server wrote to stderr, oldest first (the shell keeps at most 500);
 * empty for a remote server. Fails while the connection is not ready.
 */
export function serverLog(connectionId: ConnectionId, lines: number): Promise<string[]> {
  return call<string[]>("server_log", { connectionId, lines });
}
