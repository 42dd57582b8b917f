// A connection's roots: kept with the connection and sent to its server.
import type { ConnectionId } from "./bindings/ConnectionId";
import { call } from "./commands";

/**
 * Keeps `roots`, each one the connection already offers: removes or reorders them. Lode refuses
 * a folder not offered yet; one joins only through the system's folder dialog (`addRootFolder`).
 */
export function setRoots(connectionId: ConnectionId, roots: string[]): Promise<string[]> {
  return call<string[]>("set_roots", { connectionId, roots });
}

/**
 * Lode shows the system's folder dialog and offers the folder picked there as a root; the path
 * never passes through the window. Resolves with the folders kept (unchanged on a cancel).
 */
export function addRootFolder(connectionId: ConnectionId): Promise<string[]> {
  return call<string[]>("add_root_folder", { connectionId });
}
