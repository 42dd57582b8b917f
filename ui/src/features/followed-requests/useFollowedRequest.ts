// One followed request at a time (a tool call, a prompt get, a read): it goes under a tag of
// its own, its progress is the server's reports for that tag, and Cancel frees the caller at
// once while Lode stops the request and tells the server (`notifications/cancelled`).
import { useCallback, useRef, useState } from "react";
import { cancelRequest, toLodeError, type ConnectionId, type LodeError } from "../../ipc";
import { useRequestProgress, type Progress } from "./useRequestProgress";

/** How a followed request ended, as its caller sees it. */
export type Followed<T> =
  | { kind: "answered"; value: T }
  | { kind: "failed"; error: LodeError }
  /** The person pressed Cancel. */
  | { kind: "cancelled" }
  /** A newer request of the same caller replaced it: its answer no longer matters. */
  | { kind: "superseded" };

interface Running {
  tag: string;
  end: (outcome: { kind: "cancelled" } | { kind: "superseded" }) => void;
}

/** A tag for one request, unique in this window: its progress and its Cancel name it. */
function newTag(): string {
  return `req-${crypto.randomUUID()}`;
}

/** Whether `tag` is still the running request (a function: `run` awaits in between). */
function isRunning(current: { current: Running | null }, tag: string): boolean {
  return current.current?.tag === tag;
}

export interface FollowedRequest {
  /** True while a request runs (and has not been cancelled). */
  running: boolean;
  progress: Progress | null;
  /** Runs `request(tag)`; settles at once with `cancelled` when the person cancels. */
  run: <T>(request: (tag: string) => Promise<T>) => Promise<Followed<T>>;
  /** Cancels the running request, if any. */
  cancel: () => void;
}

/** `connection` null: nothing to follow yet (`run` is not called then). */
export function useFollowedRequest(connection: ConnectionId | null): FollowedRequest {
  const [tag, setTag] = useState<string | null>(null);
  const current = useRef<Running | null>(null);
  const progress = useRequestProgress(connection, tag);

  const run = useCallback(async <T>(request: (tag: string) => Promise<T>): Promise<Followed<T>> => {
    current.current?.end({ kind: "superseded" });
    const mine = newTag();
    let end: Running["end"] = () => undefined;
    const ended = new Promise<Followed<T>>((resolve) => {
      end = resolve;
    });
    current.current = { tag: mine, end };
    setTag(mine);
    const answered = request(mine).then(
      (value): Followed<T> => ({ kind: "answered", value }),
      (reason: unknown): Followed<T> => ({ kind: "failed", error: toLodeError(reason) }),
    );
    const outcome = await Promise.race([answered, ended]);
    if (isRunning(current, mine)) {
      current.current = null;
      setTag(null);
    }
    return outcome;
  }, []);

  const cancel = useCallback(() => {
    const running = current.current;
    if (running === null) return;
    current.current = null;
    setTag(null);
    running.end({ kind: "cancelled" });
    if (connection !== null) void cancelRequest(connection, running.tag).catch(() => undefined);
  }, [connection]);

  return { running: tag !== null, progress, run, cancel };
}
