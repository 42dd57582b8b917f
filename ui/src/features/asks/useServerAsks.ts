// The queue of servers' asks waiting for the person: those pending when the window starts and
// those that arrive after, oldest first; an ask the server withdraws leaves with a note.
import { useCallback, useEffect, useState } from "react";
import { onAskEvent, pendingServerAsks, type AskEnd, type PendingAsk } from "../../ipc";

/** Why the ask on screen closed without the person's answer, and whose it was. */
export interface ClosedNote {
  server: string;
  end: AskEnd;
}

export interface AskQueue {
  asks: PendingAsk[];
  note: ClosedNote | null;
  /** The ask was answered (or is gone): the next one shows. */
  done: (id: number) => void;
  dismissNote: () => void;
}

export function useServerAsks(): AskQueue {
  const [asks, setAsks] = useState<PendingAsk[]>([]);
  const [note, setNote] = useState<ClosedNote | null>(null);

  useEffect(() => {
    const mounted = new AbortController();
    const add = (incoming: PendingAsk[]) =>
      setAsks((current) => {
        const known = new Set(current.map((ask) => ask.id));
        const added = incoming.filter((ask) => !known.has(ask.id));
        return added.length === 0 ? current : [...current, ...added].sort((a, b) => a.id - b.id);
      });
    // Listen first, then read what already waits: nothing falls between the two.
    const unlisten = onAskEvent((event) => {
      if (event.type === "opened") add([event.ask]);
      else
        setAsks((current) => {
          const gone = current.find((ask) => ask.id === event.id);
          if (!gone) return current;
          // Only the ask on screen needs a word: the others were never seen.
          if (current[0]?.id === event.id) setNote({ server: gone.server, end: event.end });
          return current.filter((ask) => ask.id !== event.id);
        });
    });
    let stop: (() => void) | null = null;
    unlisten
      .then((unlistenFn) => {
        if (mounted.signal.aborted) unlistenFn();
        else stop = unlistenFn;
        return mounted.signal.aborted ? [] : pendingServerAsks();
      })
      .then(
        (pending) => {
          if (!mounted.signal.aborted) add(pending);
        },
        // No shell to ask (a test without it): the events still arrive.
        () => undefined,
      );
    return () => {
      mounted.abort();
      stop?.();
    };
  }, []);

  const done = useCallback((id: number) => setAsks((current) => current.filter((ask) => ask.id !== id)), []);
  const dismissNote = useCallback(() => setNote(null), []);
  return { asks, note, done, dismissNote };
}
