// The hub event (lode://hub: connection status changes and server notifications) and listening
// to it.
import { listen, type UnlistenFn } from "@tauri-apps/api/event";
import type { HubEvent } from "./bindings/HubEvent";

export type { UnlistenFn };

/** The event the Rust shell emits for every connection status change and server notification. */
export const HUB_EVENT = "lode://hub";

/**
 * Calls `handler` with every HubEvent from now on. Resolves, once the listener is registered,
 * to the function that removes it. (The browser's status and offered updates have listeners of
 * their own, in browse.ts and updates.ts.)
 */
export function onHubEvent(handler: (event: HubEvent) => void): Promise<UnlistenFn> {
  return listen<HubEvent>(HUB_EVENT, (event) => {
    handler(event.payload);
  });
}
