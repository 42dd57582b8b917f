// Followed requests: a tool call, prompt get or read made with a tag, whose progress arrives
// under that tag and which the window can cancel.
import type { ConnectionId } from "./bindings/ConnectionId";
import { call } from "./commands";

/**
 * Stops the followed request `tag` (a tool call, prompt get or read made with a tag): Lode drops it and tells the
 * server with `notifications/cancelled`; the call rejects with `cancelled`. False when it had
 * already ended.
 */
export function cancelRequest(connectionId: ConnectionId, tag: string): Promise<boolean> {
  return call<boolean>("cancel_request", { connectionId, tag });
}
