// The preview's commands: a resource read streamed over a channel, subscribing to its changes,
// and saving a blob where the person chooses.
import { Channel } from "@tauri-apps/api/core";
import { call } from "./commands";
import type { ConnectionId } from "./bindings/ConnectionId";
import type { ReadPiece } from "./bindings/ReadPiece";

/**
 * Reads a resource through a channel: `started` (the shape of every content and the total
 * size), `piece`s (consecutive slices of one content's text or base64, at most 1 MiB each), then
 * `done`. With a `tag`, the server's progress arrives under it and `cancelRequest` stops the
 * read. Resolves when the command has sent everything; the events may still be arriving then
 * (large pieces are fetched separately): wait for `done`.
 */
export async function readResourceStreamed(
  connectionId: ConnectionId,
  uri: string,
  onEvent: (event: ReadPiece) => void,
  tag?: string,
): Promise<void> {
  const channel = new Channel<ReadPiece>(onEvent);
  const args = tag === undefined ? { connectionId, uri, onEvent: channel } : { connectionId, uri, tag, onEvent: channel };
  await call<unknown>("read_resource_streamed", args);
}

/**
 * Asks the server to report changes of `uri` (they arrive as `resourceUpdated` connection events).
 * Resolves to false when the server does not offer subscriptions.
 */
export function subscribeResource(connectionId: ConnectionId, uri: string): Promise<boolean> {
  return call<boolean>("subscribe_resource", { connectionId, uri });
}

export async function unsubscribeResource(connectionId: ConnectionId, uri: string): Promise<void> {
  await call<unknown>("unsubscribe_resource", { connectionId, uri });
}

/**
 * Decodes `blob` (base64) and writes it where the person chooses in the system's Save dialog,
 * suggesting a name from `uri`. Resolves to false when the person cancels; the chosen path
 * stays in Rust.
 */
export function saveContentAs(uri: string, mimeType: string | undefined, blob: string): Promise<boolean> {
  return call<boolean>("save_content_as", { uri, mimeType: mimeType ?? null, blob });
}
