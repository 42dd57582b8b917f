// The tools of a connection Lode runs without asking (the person said so in Lode's own dialog),
// read from Rust, and the way back: "Ask again". The window cannot add to them.
import { useCallback, useEffect, useState } from "react";
import { forgetTrustedTool, toLodeError, trustedTools, type ConnectionId, type LodeError } from "../../ipc";

export interface TrustedTools {
  names: string[];
  /** Reads them again (after a call that may have added one). */
  refresh: () => void;
  /** Lode asks again before running `name`. */
  forget: (name: string) => void;
  error: LodeError | null;
}

export function useTrustedTools(connectionId: ConnectionId): TrustedTools {
  const [names, setNames] = useState<string[]>([]);
  const [error, setError] = useState<LodeError | null>(null);
  const refresh = useCallback(() => {
    trustedTools(connectionId).then(
      (listed) => setNames(listed),
      // Not known: none is shown as trusted, and Lode still decides each call.
      () => setNames([]),
    );
  }, [connectionId]);
  useEffect(refresh, [refresh]);
  const forget = useCallback(
    (name: string) => {
      setError(null);
      forgetTrustedTool(connectionId, name).then(setNames, (reason: unknown) => setError(toLodeError(reason)));
    },
    [connectionId],
  );
  return { names, refresh, forget, error };
}
