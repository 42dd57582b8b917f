// Asking the server to complete one argument as it is typed: debounced, newest answer wins.
import { useCallback, useEffect, useRef, useState } from "react";
import { toLodeError, type Completion, type LodeError } from "../../ipc";

/** How long typing must pause before the server is asked: one request per pause, not per key. */
export const COMPLETION_DEBOUNCE_MS = 150;

export interface Suggestions {
  values: string[];
  /** How many values the server has in all, when it says. */
  total?: number;
  hasMore: boolean;
  /** Why the last request failed; typing goes on regardless. */
  error: LodeError | null;
}

const NONE: Suggestions = { values: [], hasMore: false, error: null };

/** Asks the server to complete one argument (of a template or a prompt) from what is typed. */
export type AskCompletion = (value: string, context: Record<string, string>) => Promise<Completion>;

/**
 * The server's suggestions for one argument, from `ask` (keep it stable: a new `ask` starts
 * over). `request` asks after a pause in typing; only the answer to the newest request is
 * shown, so a slow answer for what was typed earlier never replaces a newer one.
 */
export function useCompletion(ask: AskCompletion) {
  const [suggestions, setSuggestions] = useState<Suggestions>(NONE);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The newest request: an answer carrying another number is stale and dropped.
  const newest = useRef(0);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    newest.current += 1;
  }, []);

  useEffect(() => cancel, [cancel]);

  const request = useCallback(
    (value: string, context: Record<string, string>) => {
      clearTimeout(timer.current);
      newest.current += 1;
      const ticket = newest.current;
      timer.current = setTimeout(() => {
        ask(value, context).then(
          (completion) => {
            if (ticket !== newest.current) return;
            const next: Suggestions = { values: completion.values, hasMore: completion.hasMore, error: null };
            if (completion.total !== undefined) next.total = completion.total;
            setSuggestions(next);
          },
          (error: unknown) => {
            if (ticket === newest.current) setSuggestions({ ...NONE, error: toLodeError(error) });
          },
        );
      }, COMPLETION_DEBOUNCE_MS);
    },
    [ask],
  );

  return { suggestions, request, cancel };
}
