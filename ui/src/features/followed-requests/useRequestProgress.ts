// The server's progress reports for one followed request (a tool call, prompt get or read made with a tag): Lode
// reports them as connection events whose token is the request's tag.
import { useState } from "react";
import type { ConnectionId, ConnectionEvent } from "../../ipc";
import { useConnectionEvents } from "../connections";

/** The newest progress report of a request: `total` when the server knows it. */
export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/** The newest report for `tag` on `connection`, or null before the first (or with no tag). */
export function useRequestProgress(connection: ConnectionId | null, tag: string | null): Progress | null {
  const [latest, setLatest] = useState<{ tag: string; progress: Progress } | null>(null);
  useConnectionEvents((event: ConnectionEvent) => {
    if (tag === null || event.connection !== connection || event.kind.type !== "server") return;
    const server = event.kind.payload;
    if (server.kind !== "progress" || server.token !== tag) return;
    setLatest({ tag, progress: { progress: server.progress, total: server.total, message: server.message } });
  });
  return latest !== null && latest.tag === tag ? latest.progress : null;
}

/** The fraction done (0 to 1) when the total is known and sane, else null. */
export function fractionDone(progress: Progress | null): number | null {
  if (progress?.total === undefined) return null;
  const { total, progress: done } = progress;
  if (!(total > 0) || !Number.isFinite(total) || !Number.isFinite(done)) return null;
  return Math.min(1, Math.max(0, done / total));
}
