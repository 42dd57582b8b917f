// The queue of servers' asks waiting for the person: those pending when the window starts and
// those that arrive after, oldest first; an ask the server withdraws leaves with a note. Rust
// bounds the queue (a few asks per connection, a few connections' worth); past it, asks are
// refused at once and the window only hears how many ("N more refused"), a few times a second.
import { useCallback, useEffect, useState } from "react";
import { onAskEvent, pendingServerAsks, type AskEnd, type PendingAsk, type RefusedAsks, type WaitingAsks } from "../../ipc";

/** Why the ask on screen closed without the person's answer, and whose it was. */
export interface ClosedNote {
  server: string;
  end: AskEnd;
}

export interface AskQueue {
  asks: PendingAsk[];
  /** Per connection with asks in the queue: how many more of its asks Lode refused. */
  refused: RefusedAsks[];
  note: ClosedNote | null;
  /** The ask was answered (or is gone): the next one shows. */
  done: (id: number) => void;
  dismissNote: () => void;
}

const byId = (a: PendingAsk, b: PendingAsk) => a.id - b.id;

/** A connection with nothing left in the queue: its refusals are forgotten (as in Rust). */
function forgetRefusals(setRefused: (update: (current: RefusedAsks[]) => RefusedAsks[]) => void, left: PendingAsk[]) {
  setRefused((current) => {
    const kept = current.filter((r) => left.some((ask) => ask.connection === r.connection));
    return kept.length === current.length ? current : kept;
  });
}

export function useServerAsks(): AskQueue {
  const [asks, setAsks] = useState<PendingAsk[]>([]);
  const [refused, setRefused] = useState<RefusedAsks[]>([]);
  const [note, setNote] = useState<ClosedNote | null>(null);

  useEffect(() => {
    const mounted = new AbortController();
    const add = (incoming: PendingAsk[]) =>
      setAsks((current) => {
        const known = new Set(current.map((ask) => ask.id));
        const added = incoming.filter((ask) => !known.has(ask.id));
        return added.length === 0 ? current : [...current, ...added].sort(byId);
      });
    const countRefused = (one: RefusedAsks) =>
      setRefused((current) => [...current.filter((r) => r.connection !== one.connection), one]);
    // What waits now replaces what the window knew: it missed events.
    const reread = () =>
      pendingServerAsks().then(
        (waiting: WaitingAsks) => {
          if (mounted.signal.aborted) return;
          setAsks([...waiting.asks].sort(byId));
          setRefused(waiting.refused);
        },
        () => undefined,
      );
    // Listen first, then read what already waits: nothing falls between the two.
    const unlisten = onAskEvent((event) => {
      if (event.type === "opened") add([event.ask]);
      else if (event.type === "refused") countRefused(event.refused);
      else if (event.type === "missed") void reread();
      else
        setAsks((current) => {
          const gone = current.find((ask) => ask.id === event.id);
          if (!gone) return current;
          // Only the ask on screen needs a word: the others were never seen.
          if (current[0]?.id === event.id) setNote({ server: gone.server, end: event.end });
          const left = current.filter((ask) => ask.id !== event.id);
          forgetRefusals(setRefused, left);
          return left;
        });
    });
    let stop: (() => void) | null = null;
    unlisten
      .then((unlistenFn) => {
        if (mounted.signal.aborted) unlistenFn();
        else stop = unlistenFn;
        return mounted.signal.aborted ? null : pendingServerAsks();
      })
      .then(
        (waiting) => {
          if (mounted.signal.aborted || !waiting) return;
          add(waiting.asks);
          waiting.refused.forEach(countRefused);
        },
        // No shell to ask (a test without it): the events still arrive.
        () => undefined,
      );
    return () => {
      mounted.abort();
      stop?.();
    };
  }, []);

  const done = useCallback(
    (id: number) =>
      setAsks((current) => {
        const left = current.filter((ask) => ask.id !== id);
        forgetRefusals(setRefused, left);
        return left;
      }),
    [],
  );
  const dismissNote = useCallback(() => setNote(null), []);
  return { asks, refused, note, done, dismissNote };
}
