// The live status of every saved connection: one snapshot, then the connection events.
import { useState } from "react";
import { connectionStatuses, type ConnectionId, type ConnectionStatus } from "../../ipc";
import { useConnectionEvents } from "./useConnectionEvents";

export type ConnectionStatuses = ReadonlyMap<ConnectionId, ConnectionStatus>;

const NONE: ConnectionStatuses = new Map();

/**
 * The live status of every saved connection: `connectionStatuses()` once, then each status
 * event as it arrives. A connection without an entry has no known status yet.
 *
 * The listener is registered before the snapshot is asked for, so no change is lost between
 * the two; an event that arrives before the snapshot is at least as new as it and wins.
 */
export function useConnectionStatuses(): ConnectionStatuses {
  const [statuses, setStatuses] = useState<ConnectionStatuses>(NONE);

  useConnectionEvents(
    ({ connection, kind }) => {
      if (kind.type !== "status") return;
      setStatuses((current) => new Map(current).set(connection, kind.payload));
    },
    (signal) => {
      connectionStatuses().then(
        (snapshot) => {
          if (signal.aborted) return;
          setStatuses((live) => {
            const next = new Map(snapshot.map(({ connection, status }) => [connection, status]));
            for (const [connection, status] of live) next.set(connection, status);
            return next;
          });
        },
        () => {
          // Statuses stay unknown until the next event; the connection list reports real failures.
        },
      );
    },
  );

  return statuses;
}
