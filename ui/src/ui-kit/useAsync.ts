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
 */
export function useAsync<T, E>(
  key: string | null,
  load: () => Promise<T>,
  toError: (error: unknown) => E,
): { state: AsyncState<T, E>; reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ tag: string; result: Settled<T, E> } | null>(null);
  const tag = key === null ? null : `${attempt}\u0000${key}`;

  const run = useEffectEvent(() => load());
  const fail = useEffectEvent((error: unknown) => toError(error));

  useEffect(() => {
    if (tag === null) return;
    let current = true;
    run().then(
      (data) => {
        if (current) setSettled({ tag, result: { status: "success", data } });
      },
      (error: unknown) => {
        if (current) setSettled({ tag, result: { status: "error", error: fail(error) } });
      },
    );
    return () => {
      current = false;
    };
  }, [tag]);

  const reload = useCallback(() => {
    setAttempt((n) => n + 1);
  }, []);

  let state: AsyncState<T, E>;
  if (tag === null) state = { status: "idle" };
  else if (settled?.tag === tag) state = settled.result;
  else state = { status: "loading" };
  return { state, reload };
}
