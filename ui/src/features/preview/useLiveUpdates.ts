// Keeping the opened resource live: subscribed while open, re-read when the server says it
// changed or when the connection comes back, and the live state for LiveStatus.
import { useEffect, useRef, useState } from "react";
import { toLodeError, type ConnectionId, type ConnectionEvent, type LodeError } from "../../ipc";
import { useConnectionEvents } from "../connections";
import { holdSubscription } from "./liveSubscriptions";

export type LiveState =
  | { status: "off" }
  | { status: "starting" }
  | { status: "on" }
  | { status: "notOffered" }
  | { status: "failed"; error: LodeError };

/**
 * Subscribes to the opened resource while it is open, and calls `onChanged` when the server
 * says it changed (or when the connection comes back after a loss, since a change may have
 * been missed). `changedAt` is when the last change was reported, for this resource only.
 */
export function useLiveUpdates(connectionId: ConnectionId | null, uri: string | null, onChanged: () => void) {
  const key = connectionId === null || uri === null ? null : JSON.stringify([connectionId, uri]);
  const [live, setLive] = useState<{ key: string; generation: number; state: LiveState } | null>(null);
  const [changed, setChanged] = useState<{ key: string; at: Date } | null>(null);
  const [generation, setGeneration] = useState(0);
  const connectionDown = useRef(false);

  useEffect(() => {
    if (connectionId === null || uri === null || key === null) return;
    let current = true;
    const held = holdSubscription(connectionId, uri, generation > 0);
    held.offered.then(
      (offered) => {
        if (current) setLive({ key, generation, state: { status: offered ? "on" : "notOffered" } });
      },
      (error: unknown) => {
        if (current) setLive({ key, generation, state: { status: "failed", error: toLodeError(error) } });
      },
    );
    return () => {
      current = false;
      held.release();
    };
  }, [connectionId, uri, key, generation]);

  useEffect(() => {
    connectionDown.current = false;
  }, [connectionId]);

  useConnectionEvents((event: ConnectionEvent) => {
    if (connectionId === null || uri === null || key === null || event.connection !== connectionId) return;
    const { kind } = event;
    if (kind.type === "server" && kind.payload.kind === "resourceUpdated" && kind.payload.uri === uri) {
      setChanged({ key, at: new Date() });
      onChanged();
    } else if (kind.type === "status") {
      if (kind.payload.state !== "ready") connectionDown.current = true;
      else if (connectionDown.current) {
        // A new session: subscribe again, and read again in case a change went unreported.
        connectionDown.current = false;
        setGeneration((g) => g + 1);
        onChanged();
      }
    }
  });

  const state: LiveState =
    key === null ? { status: "off" } : live?.key === key ? live.state : { status: "starting" };
  return { live: state, changedAt: changed?.key === key ? changed.at : null };
}
