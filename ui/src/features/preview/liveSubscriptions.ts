// The window's resource subscriptions, counted per connection and URI and sent in order, so
// holders never unsubscribe each other.
import { subscribeResource, unsubscribeResource, type ConnectionId } from "../../ipc";

/**
 * The window's subscriptions, counted per connection and URI. The server keeps one
 * subscription per URI, so two holders of the same URI must not unsubscribe each other, and
 * a quick close-and-reopen (React's strict mode does one on mount) must not end with an
 * unsubscribe overtaking a subscribe: requests for one URI go out one after another.
 */
interface Entry {
  holders: number;
  /** Whether the server offers updates (false) or the subscription failed (rejects). */
  offered: Promise<boolean>;
}

const entries = new Map<string, Entry>();
const queues = new Map<string, Promise<unknown>>();

function inOrder<T>(key: string, request: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(request, request);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

export interface HeldSubscription {
  offered: Promise<boolean>;
  release: () => void;
}

/**
 * Holds a subscription to `uri` until `release()`. `fresh` subscribes again even when one is
 * held: after a reconnect, the new session knows nothing of the old one's subscriptions.
 */
export function holdSubscription(connectionId: ConnectionId, uri: string, fresh = false): HeldSubscription {
  const key = JSON.stringify([connectionId, uri]);
  let entry = entries.get(key);
  if (!entry || fresh) {
    const offered = inOrder(key, () => subscribeResource(connectionId, uri));
    entry = { holders: 0, offered };
    entries.set(key, entry);
  }
  const held = entry;
  held.holders += 1;
  let released = false;
  return {
    offered: held.offered,
    release() {
      if (released) return;
      released = true;
      held.holders -= 1;
      if (held.holders > 0) return;
      // A remount of the same resource in this turn takes the subscription over instead.
      setTimeout(() => {
        if (held.holders > 0 || entries.get(key) !== held) return;
        entries.delete(key);
        void held.offered.then(
          (on) => (on ? inOrder(key, () => unsubscribeResource(connectionId, uri)) : undefined),
          () => undefined,
        ).catch(() => undefined);
      }, 0);
    },
  };
}
