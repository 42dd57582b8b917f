// Identities and names of the browser's rows: a resource's id (server and URI), a server
// folder's id, and the name the index shows and matches.
import type { ResourceItem } from "../../ipc";

/**
 * A resource's identity across answers: its server and URI (the tree's resource row ids are
 * built the same way, so a selection made in the list shows in the tree).
 */
export function resourceId(item: Pick<ResourceItem, "server" | "uri">): string {
  return `${item.server}\u0000${item.uri}`;
}

/**
 * The id of a server's folder in the tree: the server's name (folders are identified by their
 * path from the root, and a server's folder is the root). Open by default.
 */
export function serverFolderId(server: string): string {
  return server;
}

/** Whether server text is empty or only spaces, without copying it (names can be megabytes). */
export function isBlank(text: string): boolean {
  return !/\S/.test(text);
}

/** The name the index shows and matches (`nameMatches` index into it): title, else name. */
export function indexedName(item: Pick<ResourceItem, "title" | "name">): string {
  return item.title ?? item.name;
}
