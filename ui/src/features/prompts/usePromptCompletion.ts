import { useCallback, useEffect, useRef, useState } from "react";
import { completePrompt, toLodeError, type ConnectionId, type LodeError } from "../../ipc";

/** How long typing must pause before the server is asked. */
export const COMPLETION_DEBOUNCE_MS = 150;

export interface Suggestions {
  values: string[];
  total?: number;
  hasMore: boolean;
  error: LodeError | null;
}

const NONE: Suggestions = { values: [], hasMore: false, error: null };

/**
 * The server's suggestions for one prompt argument, asked after a pause in typing; only the
 * answer to the newest request is shown.
 */
export function usePromptCompletion(connectionId: ConnectionId, prompt: string, argument: string) {
  const [suggestions, setSuggestions] = useState<Suggestions>(NONE);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
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
        completePrompt(connectionId, prompt, argument, value, context).then(
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
    [connectionId, prompt, argument],
  );

  return { suggestions, request, cancel };
}
