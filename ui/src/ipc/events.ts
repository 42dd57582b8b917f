// The connection events (lode://connections: status changes and server notifications) and
// listening to them.
import { listen, type UnlistenFn } from "@tauri-apps/api/event";
import type { ConnectionEvent } from "./bindings/ConnectionEvent";

export type { UnlistenFn };

/**
 * The event the Rust shell emits for connection status changes and server notifications: a
 * batch of them (every event since the last message), so a server flooding notifications
 * costs the window a few messages a frame, not one per notification.
 */
export const CONNECTION_EVENT = "lode://connections";

/**
 * Calls `handler` with every ConnectionEvent from now on, in order. Resolves, once the listener is
 * registered, to the function that removes it. (The browser's status and offered updates have
 * listeners of their own, in browse.ts and updates.ts.)
 */
export function onConnectionEvent(handler: (event: ConnectionEvent) => void): Promise<UnlistenFn> {
  return listen<ConnectionEvent | ConnectionEvent[]>(CONNECTION_EVENT, (event) => {
    const batch = Array.isArray(event.payload) ? event.payload : [event.payload];
    for (const one of batch) handler(one);
  });
}

/**
 * Unregisters a listener whose component is already gone. By then the event channel may be gone
 * too (a closing window; in tests, the IPC mocks cleared), and there is nobody left to tell of
 * a failure: it is dropped rather than left as an unhandled rejection.
 */
export function stopListening(stop: UnlistenFn): void {
  Promise.resolve()
    .then(stop)
    .catch(() => undefined);
}
