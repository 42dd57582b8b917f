// A connection's log level and roots: kept with the connection and sent to its server.
import type { ConnectionId } from "./bindings/ConnectionId";
import { call } from "./commands";

/**
 * Keeps `level` for the connection (null: the server's default) and asks a running server that
 * logs for it now (`logging/setLevel`). Resolves true when the server was asked.
 */
export function setLogLevel(connectionId: ConnectionId, level: string | null): Promise<boolean> {
  return call<boolean>("set_log_level", { connectionId, level });
}

/** Keeps the folders offered to the connection's server as roots (absolute paths). */
export function setRoots(connectionId: ConnectionId, roots: string[]): Promise<string[]> {
  return call<string[]>("set_roots", { connectionId, roots });
}

/** The system's folder dialog, for a folder to offer as a root; null when the person cancels. */
export function chooseRootFolder(): Promise<string | null> {
  return call<string | null>("choose_root_folder");
}
