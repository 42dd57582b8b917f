// Loading by key: the answer for the newest key (and attempt) wins, with reload (show loading)
// and refresh (keep the old data on screen).
import { useCallback, useEffect, useEffectEvent, useState } from "react";

export type AsyncState<T, E> =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "success"; data: T }
  | { status: "error"; error: E };

type Settled<T, E> = Extract<AsyncState<T, E>, { status: "success" | "error" }>;

/**
 * Runs `load` whenever `key` changes (null = nothing to load) and exposes its state.
 * A result is only shown for the key (and reload) that asked for it, so a slow answer for an
 * old key never overwrites a newer one. `key` must identify everything `load` depends on.
 *
 * `reload()` loads again and shows the loading state meanwhile (a Retry); `refresh()` loads
 * again but keeps showing the data already loaded for this key until the answer arrives (the
 * source said it changed: no flash of a spinner). `pending` is true while a load for the current
 * key and attempt has not answered yet, also while a refresh keeps the older data on screen.
 */
export function useAsync<T, E>(
  key: string | null,
  load: () => Promise<T>,
  toError: (error: unknown) => E,
): { state: AsyncState<T, E>; pending: boolean; reload: () => void; refresh: () => void } {
  const [attempt, setAttempt] = useState({ count: 0, quiet: false });
  const [settled, setSettled] = useState<{ key: string; tag: string; result: Settled<T, E> } | null>(null);
  const tag = key === null ? null : `${attempt.count}\u0000${key}`;

  const run = useEffectEvent(() => load());
  const fail = useEffectEvent((error: unknown) => toError(error));

  useEffect(() => {
    if (key === null || tag === null) return;
    let current = true;
    run().then(
      (data) => {
        if (current) setSettled({ key, tag, result: { status: "success", data } });
      },
      (error: unknown) => {
        if (current) setSettled({ key, tag, result: { status: "error", error: fail(error) } });
      },
    );
    return () => {
      current = false;
    };
  }, [key, tag]);

  const reload = useCallback(() => {
    setAttempt(({ count }) => ({ count: count + 1, quiet: false }));
  }, []);
  const refresh = useCallback(() => {
    setAttempt(({ count }) => ({ count: count + 1, quiet: true }));
  }, []);

  let state: AsyncState<T, E>;
  if (tag === null) state = { status: "idle" };
  else if (settled?.tag === tag) state = settled.result;
  else if (attempt.quiet && settled?.key === key && settled.result.status === "success") state = settled.result;
  else state = { status: "loading" };
  const pending = tag !== null && settled?.tag !== tag;
  return { state, pending, reload, refresh };
}
