// A connection's protocol history: every JSON-RPC message in and out, listed without its JSON,
// one message with it, and saved as JSON lines where the person picks.
import type { ConnectionId } from "./bindings/ConnectionId";
import type { WireMessage } from "./bindings/WireMessage";
import { call } from "./commands";

/** The messages kept, oldest first, without JSON; only those whose method contains `method`. */
export function protocolHistory(connectionId: ConnectionId, method: string): Promise<WireMessage[]> {
  return call<WireMessage[]>("protocol_history", { connectionId, method: method.trim() === "" ? null : method });
}

/** One message with its JSON (secrets scrubbed, cut at 64 KiB). */
export function protocolMessage(connectionId: ConnectionId, seq: number): Promise<WireMessage> {
  return call<WireMessage>("protocol_message", { connectionId, seq });
}

/** The system's Save dialog, then the history as JSON lines; how many were saved, or null on cancel. */
export function saveProtocolHistory(connectionId: ConnectionId, fileName: string): Promise<number | null> {
  return call<number | null>("save_protocol_history", { connectionId, fileName });
}
