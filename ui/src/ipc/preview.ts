import { Channel } from "@tauri-apps/api/core";
import { call } from "./commands";
import type { ConnectionId } from "./bindings/ConnectionId";

/**
 * What `read_resource_streamed` sends, in order: `started` (the shape of every content and the
 * total size), `piece`s (consecutive slices of one content's text or base64, at most 1 MiB each),
 * then `done`. Mirrors `ReadEvent` in src-tauri/commands/preview.rs (a Rust test pins its JSON).
 */
export type ReadEvent =
  | { event: "started"; contents: StreamedContentHead[]; totalBytes: number }
  | { event: "piece"; content: number; data: string; sentBytes: number }
  | { event: "done" };

export interface StreamedContentHead {
  uri: string;
  mimeType?: string;
  /** Whether the pieces are text or base64 (a blob). */
  kind: "text" | "blob";
  /** Bytes of UTF-8 text or of base64 characters, as sent. */
  bytes: number;
}

/**
 * Reads a resource through a channel. Resolves when the command has sent everything; the
 * events may still be arriving then (large pieces are fetched separately): wait for `done`.
 */
export async function readResourceStreamed(
  connectionId: ConnectionId,
  uri: string,
  onEvent: (event: ReadEvent) => void,
): Promise<void> {
  const channel = new Channel<ReadEvent>(onEvent);
  await call<unknown>("read_resource_streamed", { connectionId, uri, onEvent: channel });
}

/**
 * Asks the server to report changes of `uri` (they arrive as `resourceUpdated` hub events).
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
