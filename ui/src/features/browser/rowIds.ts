// Identities and names of the browser's rows: a resource's id (server and URI), a server
// folder's id (and a kind's, grouped by kind), and the name the index shows and matches.
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

/** The labels of the kinds' folders grouped by kind, as the index names them (tree.rs). */
export const TREE_KIND_LABELS = ["resource", "app", "skill", "templates"] as const;
export type TreeKindLabel = (typeof TREE_KIND_LABELS)[number];

/**
 * The id of a kind's folder grouped by kind (the index starts it with U+001E, which keeps it
 * apart from servers' folders), or of a server's folder in it (U+001F separates a folder's
 * labels).
 */
export function kindFolderId(label: TreeKindLabel, server?: string): string {
  const kind = `\u001e${label}`;
  return server === undefined ? kind : `${kind}\u001f${server}`;
}

/** Whether server text is empty or only spaces, without copying it (names can be megabytes). */
export function isBlank(text: string): boolean {
  return !/\S/.test(text);
}

/** The name the index shows and matches (`nameMatches` index into it): title, else name. */
export function indexedName(item: Pick<ResourceItem, "title" | "name">): string {
  return item.title ?? item.name;
}
