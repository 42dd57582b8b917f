import { invoke } from "@tauri-apps/api/core";
import type { ConnectionId } from "./bindings/ConnectionId";
import type { ConnectionState } from "./bindings/ConnectionState";
import type { Connection } from "./bindings/Connection";
import type { ResourceContent } from "./bindings/ResourceContent";
import type { ResourceItem } from "./bindings/ResourceItem";
import type { ServerInfo } from "./bindings/ServerInfo";
import { toLodeError } from "./errors";

/** Calls a command; a rejection always surfaces as a LodeError. */
async function call<T>(command: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(command, args);
  } catch (error: unknown) {
    // Rejecting with the normalized LodeError (a plain object) is the contract of this layer.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw toLodeError(error);
  }
}

export function listConnections(): Promise<Connection[]> {
  return call<Connection[]>("list_connections");
}

/** Where each saved connection is now; later changes arrive through `onHubEvent`. */
export function connectionStatuses(): Promise<ConnectionState[]> {
  return call<ConnectionState[]>("connection_statuses");
}

export function listResources(connectionId: ConnectionId): Promise<ResourceItem[]> {
  return call<ResourceItem[]>("list_resources", { connectionId });
}

export function readResource(connectionId: ConnectionId, uri: string): Promise<ResourceContent[]> {
  return call<ResourceContent[]>("read_resource", { connectionId, uri });
}

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
