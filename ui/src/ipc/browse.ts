// The browse index's commands and event: windows of the list and the tree, each server's
// listing status, and its change event (lode://browse).
import { listen } from "@tauri-apps/api/event";
import type { BrowseStatus } from "./bindings/BrowseStatus";
import type { Query } from "./bindings/Query";
import type { QueryResult } from "./bindings/QueryResult";
import type { TreeQuery } from "./bindings/TreeQuery";
import type { TreeResult } from "./bindings/TreeResult";
import { call } from "./commands";
import { sendEarly, takeEarly } from "./early";
import type { UnlistenFn } from "./events";

/** The event carrying the index's `BrowseStatus` whenever it changes (at most ~10 times a second). */
export const BROWSE_EVENT = "lode://browse";

/** A window of the list: the rows `query` selects, sorted, from `offset`, at most `limit`. */
export function browseList(query: Query): Promise<QueryResult> {
  return call<QueryResult>("browse_list", { query });
}

/** A window of the tree's visible rows. */
export function browseTree(question: TreeQuery): Promise<TreeResult> {
  return call<TreeResult>("browse_tree", { question });
}

/**
 * Sends the browser's first questions before the window's features mount (early.ts): the
 * status, and the list's first window when the list is what shows.
 */
export function sendBrowseEarly(firstWindow: Query | null): void {
  sendEarly("browse_status");
  if (firstWindow !== null) sendEarly("browse_list", { query: firstWindow });
}

/** The status sent early, once, if it was (see useBrowseStatus for why it is taken apart). */
export function earlyBrowseStatus(): Promise<BrowseStatus> | undefined {
  return takeEarly("browse_status") as Promise<BrowseStatus> | undefined;
}

/** Where each server's listing stands, and the index's generation. */
export function browseStatus(): Promise<BrowseStatus> {
  return call<BrowseStatus>("browse_status");
}

/**
 * Stops a connection's listing in progress; what it listed so far stays. Resolves to `false`
 * when it was not listing.
 */
export function stopListing(connectionId: number): Promise<boolean> {
  return call<boolean>("stop_listing", { connectionId });
}

export function onBrowseStatus(handler: (status: BrowseStatus) => void): Promise<UnlistenFn> {
  return listen<BrowseStatus>(BROWSE_EVENT, (event) => handler(event.payload));
}
