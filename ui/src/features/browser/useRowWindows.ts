// The hook over RowWindows: the windows of one question to the index as a React snapshot, with
// the virtual list's range callback and retry.
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { RowWindows, type FetchWindow, type WindowAnswer, type WindowsSnapshot } from "./rowWindows";

/**
 * The windows of one question to the index, for a virtual list (see RowWindows): `show` is
 * the list's range callback, `retry` asks again after an error.
 */
export function useRowWindows<A extends WindowAnswer<unknown>>(
  resetKey: string,
  refreshKey: string,
  fetcher: FetchWindow<A>,
): { snapshot: WindowsSnapshot<A>; show: (start: number, end: number) => void; retry: () => void } {
  const [store] = useState(() => new RowWindows<A>());
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);

  useEffect(() => {
    store.ask(resetKey, refreshKey, fetcher);
  }, [store, resetKey, refreshKey, fetcher]);

  const show = useCallback((start: number, end: number) => store.show(start, end), [store]);
  const retry = useCallback(() => store.retry(), [store]);
  return { snapshot, show, retry };
}
